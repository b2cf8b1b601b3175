import { MapPin, Pencil } from 'lucide-react'
import { PhotoGallery } from '@/components/photo-gallery'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { propertyLocation } from '@/features/properties/components/property-card'
import { PropertyImage } from '@/features/properties/components/property-image'
import { optionLabel, typeFields } from '@/features/properties/lib/property-options'
import type { Property, PropertyType } from '@/lib/api-schemas'
import { formatListingPrice, formatMaintenance, priceFieldLabel } from '@/shared/format'
import { bedroomsLabel, furnishingLabel, listingPurposeLabel, propertyTypeLabel } from '@/shared/listing-vocabulary'

type Row = [label: string, value: string]

/** The type-specific specifications that have a value, as label / display value pairs. */
export function propertySpecifications(property: Property): Row[] {
  const rows: Row[] = []
  for (const def of typeFields[property.propertyType as PropertyType] ?? []) {
    if (def.kind === 'checkbox') {
      rows.push([def.label, property.centralAC ? 'Yes' : 'No'])
      continue
    }
    const value = property[def.name]
    if (value === null || value === undefined || value === '') continue
    let text = optionLabel(property.propertyType, def.name, value)
    if (def.name === 'bedrooms' && !text.includes('BHK')) text = bedroomsLabel(text)
    if (def.name === 'maintenance') {
      rows.push(['Maintenance', formatMaintenance(String(value))])
      continue
    }
    rows.push([def.label, text])
  }
  // The built-up area, when given, whatever the type's own fields (match cards show it for every type).
  const fields = typeFields[property.propertyType as PropertyType] ?? []
  if (property.builtUpArea != null && !fields.some((def) => def.name === 'builtUpArea')) {
    rows.push(['Built-up Area (sq.ft)', String(property.builtUpArea)])
  }
  if (property.sqft) rows.push(['Area (sq.ft)', String(property.sqft)])
  return rows
}

/** The rows whose value is present. */
function filledRows(rows: [string, string | null | undefined][]): Row[] {
  return rows.filter((row): row is Row => !!row[1])
}

function Rows({ rows }: { rows: Row[] }) {
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="grid gap-0.5">
          <dt className="text-xs text-muted-foreground">{label}</dt>
          <dd className="font-medium text-foreground">{value}</dd>
        </div>
      ))}
    </dl>
  )
}

type PropertyDetailDialogProps = {
  property: Property | null
  open: boolean
  onOpenChange: (open: boolean) => void
  onEdit?: (property: Property) => void
  /** Under the details, e.g. the listing agent on the marketplace. */
  footer?: React.ReactNode
}

/** A listing's details (docs/product.md#listing-form), with an Edit Property button when editing is allowed. */
export function PropertyDetailDialog({ property, open, onOpenChange, onEdit, footer }: PropertyDetailDialogProps) {
  if (!property) return null
  const location = propertyLocation(property)
  const specifications = propertySpecifications(property)
  const locationRows = filledRows([
    ['Locality', property.locality],
    ['City', property.city],
    ['State', property.state],
    ['Pincode', property.pincode],
    ['Address', property.address],
    ['Facing', property.facing],
    ['Furnishing', furnishingLabel(property.furnishing)],
  ])
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl" data-testid="property-detail-dialog">
        <DialogHeader>
          <div className="flex flex-wrap items-center gap-2 pr-6">
            <DialogTitle>{property.title}</DialogTitle>
            <Badge variant={property.isActive ? 'success' : 'secondary'}>{property.isActive ? 'Active' : 'Inactive'}</Badge>
          </div>
          <DialogDescription className="flex items-center gap-1">
            <MapPin className="size-3.5" aria-hidden /> {location || 'Location not given'}
          </DialogDescription>
        </DialogHeader>
        {property.images.length > 0 ? (
          <PhotoGallery photos={property.images} title={property.title} />
        ) : (
          <PropertyImage property={property} className="h-56 w-full rounded-lg" iconClassName="size-14" />
        )}
        <Rows
          rows={[
            ['Type', propertyTypeLabel(property.propertyType)],
            ['Listing Purpose', listingPurposeLabel(property.listingPurpose)],
            [priceFieldLabel(property.listingPurpose).replace(' (₹)', ''), formatListingPrice(property.price, property.listingPurpose)],
            ['Legal Documents', property.hasLegalDocs ? 'Available' : 'Not available'],
            ['RERA Approved', property.reraApproved ? 'Yes' : 'No'],
          ]}
        />
        {specifications.length > 0 && (
          <section className="grid gap-2">
            <h3 className="text-sm font-semibold text-foreground">Specifications</h3>
            <Rows rows={specifications} />
          </section>
        )}
        {property.amenities.length > 0 && (
          <section className="grid gap-2">
            <h3 className="text-sm font-semibold text-foreground">Amenities</h3>
            <div className="flex flex-wrap gap-1.5">
              {property.amenities.map((amenity) => (
                <Badge key={amenity} variant="outline">
                  {amenity}
                </Badge>
              ))}
            </div>
          </section>
        )}
        {property.description && (
          <section className="grid gap-2">
            <h3 className="text-sm font-semibold text-foreground">Description</h3>
            <p className="text-sm whitespace-pre-line text-subtle-foreground">{property.description}</p>
          </section>
        )}
        <section className="grid gap-2">
          <h3 className="text-sm font-semibold text-foreground">Location Details</h3>
          <Rows rows={locationRows} />
        </section>
        {footer}
        {onEdit && (
          <div className="flex justify-end">
            <Button onClick={() => onEdit(property)}>
              <Pencil /> Edit Property
            </Button>
          </div>
        )}
      </DialogContent>
    </Dialog>
  )
}
