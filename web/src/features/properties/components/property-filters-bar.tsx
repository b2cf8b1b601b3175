import { Search } from 'lucide-react'
import { Input } from '@/components/ui/input'
import { NativeSelect } from '@/components/ui/native-select'
import type { PropertyFilters } from '@/features/properties/lib/filter-properties'
import { FILTER_CITIES, LISTING_PURPOSES, PROPERTY_TYPES } from '@/features/properties/lib/property-options'
import { listingPurposeLabel, propertyTypeLabel } from '@/lib/format'

type PropertyFiltersBarProps = {
  value: PropertyFilters
  onChange: (filters: PropertyFilters) => void
}

/** Search box plus the type, city and listing-type filters of My Properties. */
export function PropertyFiltersBar({ value, onChange }: PropertyFiltersBarProps) {
  const set = (patch: Partial<PropertyFilters>) => onChange({ ...value, ...patch })
  return (
    <div className="grid gap-3 md:grid-cols-[minmax(0,2fr)_repeat(3,minmax(0,1fr))]">
      <div className="relative">
        <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" aria-hidden />
        <Input
          type="search"
          className="pl-9"
          placeholder="Search by title, locality or city"
          aria-label="Search properties"
          value={value.search}
          onChange={(e) => set({ search: e.target.value })}
        />
      </div>
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
  )
}
