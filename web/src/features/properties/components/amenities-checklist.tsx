import { CheckboxField } from '@/features/properties/components/checkbox-field'
import { amenitiesByType } from '@/features/properties/lib/property-options'
import type { PropertyType } from '@/lib/api-schemas'

type AmenitiesChecklistProps = {
  propertyType: PropertyType
  value: string[]
  onChange: (amenities: string[]) => void
}

/**
 * The amenity choices of a property type. Chosen amenities outside the type's list
 * (older listings) stay visible so they can be unticked.
 */
export function AmenitiesChecklist({ propertyType, value, onChange }: AmenitiesChecklistProps) {
  const choices = amenitiesByType[propertyType]
  const extras = value.filter((amenity) => !choices.includes(amenity))
  return (
    <fieldset className="grid gap-2" data-testid="amenities">
      <legend className="mb-2 text-sm font-medium text-foreground">Amenities</legend>
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-3">
        {[...choices, ...extras].map((amenity) => (
          <CheckboxField
            key={amenity}
            label={amenity}
            checked={value.includes(amenity)}
            onCheckedChange={(checked) => onChange(checked ? [...value, amenity] : value.filter((a) => a !== amenity))}
          />
        ))}
      </div>
    </fieldset>
  )
}
