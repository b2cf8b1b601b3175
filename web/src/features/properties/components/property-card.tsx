import type * as React from 'react'
import { BedDouble, Eye, MapPin, Pencil, Trash2 } from 'lucide-react'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { MatchingStatus } from '@/components/matching-status'
import { PropertyImage } from '@/features/properties/components/property-image'
import type { Property } from '@/lib/api-schemas'
import { formatListingPrice } from '@/shared/format'
import { bedroomsLabel, hasBedrooms, listingPurposeLabel, propertyTypeLabel } from '@/shared/listing-vocabulary'
import { cn } from '@/lib/utils'

export type PropertyCardLayout = 'mobile' | 'compact' | 'full'

type PropertyCardProps = {
  property: Property
  layout?: PropertyCardLayout
  /** 1-based position shown as "#N" when given. */
  sequence?: number
  onView?: (property: Property) => void
  /** Edit and Delete appear only when their handler is given. */
  onEdit?: (property: Property) => void
  onDelete?: (property: Property) => void
  /** Extra lines under the details (compact and mobile layouts), e.g. the listing agent on the marketplace. */
  footer?: React.ReactNode
  className?: string
}

/** "Gachibowli, Hyderabad" (either part may be missing). */
export function propertyLocation(property: Pick<Property, 'locality' | 'city'>) {
  return [property.locality, property.city].filter(Boolean).join(', ')
}

function ActiveBadge({ active }: { active: boolean }) {
  return <Badge variant={active ? 'success' : 'secondary'}>{active ? 'Active' : 'Inactive'}</Badge>
}

function Actions({
  property,
  onView,
  onEdit,
  onDelete,
  compact,
}: Pick<PropertyCardProps, 'property' | 'onView' | 'onEdit' | 'onDelete'> & { compact?: boolean }) {
  if (!onView && !onEdit && !onDelete) return null
  const size = compact ? 'icon' : 'sm'
  return (
    <div className="flex items-center gap-1.5">
      {onView && (
        <Button
          variant="outline"
          size={size}
          className={cn(compact && 'size-8')}
          aria-label={`View ${property.title}`}
          onClick={() => onView(property)}
        >
          <Eye /> {!compact && 'View'}
        </Button>
      )}
      {onEdit && (
        <Button
          variant="outline"
          size={size}
          className={cn(compact && 'size-8')}
          aria-label={`Edit ${property.title}`}
          onClick={() => onEdit(property)}
        >
          <Pencil /> {!compact && 'Edit'}
        </Button>
      )}
      {onDelete && (
        <Button
          variant="outline"
          size={size}
          className={cn('text-destructive hover:bg-destructive/10 hover:text-destructive', compact && 'size-8')}
          aria-label={`Delete ${property.title}`}
          onClick={() => onDelete(property)}
        >
          <Trash2 /> {!compact && 'Delete'}
        </Button>
      )}
    </div>
  )
}

/** A listing in one of three layouts: mobile (row), compact (small row) or full (card with image). */
export function PropertyCard({ property, layout = 'full', sequence, onView, onEdit, onDelete, footer, className }: PropertyCardProps) {
  const location = propertyLocation(property)
  const bhk = hasBedrooms(property.propertyType) && property.bedrooms ? bedroomsLabel(property.bedrooms) : null
  const seq = sequence !== undefined && (
    <span className="text-xs font-semibold text-muted-foreground" data-testid="property-sequence">
      #{sequence}
    </span>
  )

  if (layout === 'compact') {
    return (
      <article
        className={cn('flex items-center gap-3 rounded-lg border border-border bg-card p-2', className)}
        data-testid="property-card"
        data-layout="compact"
      >
        {seq}
        <PropertyImage property={property} className="size-12 shrink-0 rounded-md" iconClassName="size-5" />
        <div className="min-w-0 flex-1">
          <h3 className="truncate text-sm font-medium text-foreground">{property.title}</h3>
          <p className="truncate text-xs text-muted-foreground">
            {formatListingPrice(property.price, property.listingPurpose)} · {propertyTypeLabel(property.propertyType)}
            {bhk && ` · ${bhk}`}
            {location && ` · ${location}`}
          </p>
          {footer}
        </div>
        <ActiveBadge active={property.isActive} />
        <Actions property={property} onView={onView} onEdit={onEdit} onDelete={onDelete} compact />
      </article>
    )
  }

  if (layout === 'mobile') {
    return (
      <article
        className={cn('flex gap-3 rounded-xl border border-border bg-card p-3 shadow-sm', className)}
        data-testid="property-card"
        data-layout="mobile"
      >
        <PropertyImage property={property} className="size-20 shrink-0 rounded-lg" />
        <div className="grid min-w-0 flex-1 gap-1">
          <div className="flex items-start justify-between gap-2">
            <h3 className="line-clamp-2 text-sm font-semibold text-foreground">
              {seq} {property.title}
            </h3>
            <ActiveBadge active={property.isActive} />
          </div>
          {location && (
            <p className="flex items-center gap-1 truncate text-xs text-muted-foreground">
              <MapPin className="size-3 shrink-0" aria-hidden /> {location}
            </p>
          )}
          <p className="text-sm font-bold text-accent-foreground">{formatListingPrice(property.price, property.listingPurpose)}</p>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <span className="text-xs text-subtle-foreground">
              {propertyTypeLabel(property.propertyType)}
              {bhk && ` · ${bhk}`}
            </span>
            <Actions property={property} onView={onView} onEdit={onEdit} onDelete={onDelete} compact />
          </div>
          <MatchingStatus progress={property} />
          {footer}
        </div>
      </article>
    )
  }

  return (
    <article
      className={cn('flex flex-col overflow-hidden rounded-xl border border-border bg-card shadow-sm', className)}
      data-testid="property-card"
      data-layout="full"
    >
      <div className="relative">
        <PropertyImage property={property} className="h-44 w-full" iconClassName="size-12" />
        <div className="absolute top-2 left-2 flex gap-1.5">
          {sequence !== undefined && (
            <Badge variant="secondary" className="bg-card/90" data-testid="property-sequence">
              #{sequence}
            </Badge>
          )}
          <Badge variant="secondary" className="bg-card/90">
            {listingPurposeLabel(property.listingPurpose)}
          </Badge>
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <div className="flex items-start justify-between gap-2">
          <h3 className="line-clamp-2 font-semibold text-foreground">{property.title}</h3>
          <ActiveBadge active={property.isActive} />
        </div>
        {location && (
          <p className="flex items-center gap-1 text-sm text-muted-foreground">
            <MapPin className="size-3.5 shrink-0" aria-hidden /> {location}
          </p>
        )}
        <p className="text-lg font-bold text-accent-foreground">{formatListingPrice(property.price, property.listingPurpose)}</p>
        <div className="flex flex-wrap gap-2 text-xs text-subtle-foreground">
          <span className="rounded bg-muted px-2 py-0.5">{propertyTypeLabel(property.propertyType)}</span>
          {bhk && (
            <span className="flex items-center gap-1 rounded bg-muted px-2 py-0.5">
              <BedDouble className="size-3" aria-hidden /> {bhk}
            </span>
          )}
        </div>
        <MatchingStatus progress={property} />
        <div className="mt-auto pt-2">
          <Actions property={property} onView={onView} onEdit={onEdit} onDelete={onDelete} />
        </div>
      </div>
    </article>
  )
}
