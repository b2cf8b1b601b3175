import { NativeSelect } from '@/components/ui/native-select'
import { budgetBuckets, type RequirementFilters } from '@/features/requirements/lib/requirement-filters'
import { PROPERTY_TYPES, propertyTypeLabel, requirementPurposeLabels } from '@/shared/listing-vocabulary'
import { SearchInput } from '@/components/ui/search-input'

type RequirementFilterBarProps = {
  filters: RequirementFilters
  cities: string[]
  onChange: (filters: RequirementFilters) => void
}

/** Search plus property type, city, listing type and budget filters. */
export function RequirementFilterBar({ filters, cities, onChange }: RequirementFilterBarProps) {
  const set = (key: keyof RequirementFilters) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    onChange({ ...filters, [key]: e.target.value })
  return (
    // One row from xl; below, the search gets its own row so every select keeps room for its longest
    // label ("All listing types") clear of the chevron.
    <div
      className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4 xl:grid-cols-[minmax(12rem,2fr)_repeat(4,minmax(10.5rem,1fr))]"
      data-testid="requirement-filters"
    >
      <SearchInput
        className="sm:col-span-2 lg:col-span-4 xl:col-span-1"
        value={filters.search}
        onChange={(search) => onChange({ ...filters, search })}
        label="Search requirements"
        placeholder="Search by client name or location"
      />
      <NativeSelect aria-label="Property type" value={filters.propertyType} onChange={set('propertyType')}>
        <option value="all">All types</option>
        {PROPERTY_TYPES.map((t) => (
          <option key={t} value={t}>
            {propertyTypeLabel(t)}
          </option>
        ))}
      </NativeSelect>
      <NativeSelect aria-label="City" value={filters.city} onChange={set('city')}>
        <option value="all">All cities</option>
        {cities.map((c) => (
          <option key={c} value={c}>
            {c}
          </option>
        ))}
      </NativeSelect>
      <NativeSelect aria-label="Listing type" value={filters.listingPurpose} onChange={set('listingPurpose')}>
        <option value="all">All listing types</option>
        {Object.entries(requirementPurposeLabels).map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </NativeSelect>
      <NativeSelect aria-label="Budget range" value={filters.budget} onChange={set('budget')}>
        <option value="all">All budgets</option>
        {budgetBuckets.map((b) => (
          <option key={b.value} value={b.value}>
            {b.label}
          </option>
        ))}
      </NativeSelect>
    </div>
  )
}
