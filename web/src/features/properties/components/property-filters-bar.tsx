import * as React from 'react'
import { SlidersHorizontal } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { NativeSelect } from '@/components/ui/native-select'
import type { PropertyFilters } from '@/features/properties/lib/filter-properties'
import { FILTER_CITIES } from '@/features/properties/lib/property-options'
import { LISTING_PURPOSES, PROPERTY_TYPES, listingPurposeLabel, propertyTypeLabel } from '@/shared/listing-vocabulary'
import { SearchInput } from '@/components/ui/search-input'

type PropertyFiltersBarProps = {
  value: PropertyFilters
  onChange: (filters: PropertyFilters) => void
}

/**
 * Search box plus the type, city and listing-type filters of My Properties. On a phone the three filters
 * fold behind one Filters button (with how many are set), so the first listing shows in the first screen.
 */
export function PropertyFiltersBar({ value, onChange }: PropertyFiltersBarProps) {
  const set = (patch: Partial<PropertyFilters>) => onChange({ ...value, ...patch })
  const [open, setOpen] = React.useState(false)
  const active = [value.propertyType, value.city, value.listingPurpose].filter((v) => v !== 'all').length
  return (
    <div className="grid gap-3 md:grid-cols-[minmax(0,2fr)_repeat(3,minmax(0,1fr))]">
      <div className="flex gap-2 md:contents">
        <SearchInput
          className="min-w-0 flex-1"
          value={value.search}
          onChange={(search) => set({ search })}
          label="Search properties"
          placeholder="Search by title, locality or city"
        />
        <Button
          type="button"
          variant="outline"
          className="shrink-0 md:hidden"
          aria-expanded={open}
          aria-controls="property-filters"
          onClick={() => setOpen((o) => !o)}
        >
          <SlidersHorizontal aria-hidden /> Filters{active > 0 ? ` (${active})` : ''}
        </Button>
      </div>
      <div id="property-filters" className={open ? 'grid gap-3 md:contents' : 'hidden md:contents'} data-testid="property-filters">
      <NativeSelect aria-label="Property type" value={value.propertyType} onChange={(e) => set({ propertyType: e.target.value })}>
        <option value="all">All Types</option>
        {PROPERTY_TYPES.map((type) => (
          <option key={type} value={type}>
            {propertyTypeLabel(type)}
          </option>
        ))}
      </NativeSelect>
      <NativeSelect aria-label="City" value={value.city} onChange={(e) => set({ city: e.target.value })}>
        <option value="all">All Cities</option>
        {FILTER_CITIES.map((city) => (
          <option key={city} value={city}>
            {city}
          </option>
        ))}
      </NativeSelect>
      <NativeSelect aria-label="Listing type" value={value.listingPurpose} onChange={(e) => set({ listingPurpose: e.target.value })}>
        <option value="all">All Listings</option>
        {LISTING_PURPOSES.map((purpose) => (
          <option key={purpose} value={purpose}>
            {listingPurposeLabel(purpose)}
          </option>
        ))}
      </NativeSelect>
      </div>
    </div>
  )
}
