import type { Property } from '@/lib/api-schemas'

export type PropertyFilters = {
  search: string
  propertyType: string
  city: string
  listingPurpose: string
}

export const emptyFilters: PropertyFilters = { search: '', propertyType: 'all', city: 'all', listingPurpose: 'all' }

/** Other spellings a filter city also matches (our city list says Bengaluru). */
const CITY_ALIASES: Record<string, string[]> = {
  bangalore: ['bangalore', 'bengaluru'],
}

const norm = (value: string | null | undefined) => (value ?? '').trim().toLowerCase()

/** True when the listing's city is the filter city, ignoring case, Bangalore also matching Bengaluru. */
export function cityMatches(propertyCity: string, filterCity: string) {
  const wanted = norm(filterCity)
  return (CITY_ALIASES[wanted] ?? [wanted]).includes(norm(propertyCity))
}

/** The listings that pass the search (title, locality, city) and the three filters. */
export function filterProperties(properties: Property[], filters: PropertyFilters) {
  const q = norm(filters.search)
  return properties.filter(
    (p) =>
      (!q || [p.title, p.locality, p.city].some((field) => norm(field).includes(q))) &&
      (filters.propertyType === 'all' || p.propertyType === filters.propertyType) &&
      (filters.city === 'all' || cityMatches(p.city, filters.city)) &&
      (filters.listingPurpose === 'all' || p.listingPurpose === filters.listingPurpose),
  )
}
