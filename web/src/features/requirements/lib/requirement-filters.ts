import type { Requirement } from '@/lib/api-schemas'

const LAKH = 100_000
const CRORE = 10_000_000

/** Budget buckets of the filter (docs/product.md#my-requirements): a requirement falls in the bucket of its max budget, else min. */
export const budgetBuckets = [
  { value: 'under25L', label: 'Under 25L', test: (v: number) => v < 25 * LAKH },
  { value: '25L-50L', label: '25L - 50L', test: (v: number) => v >= 25 * LAKH && v < 50 * LAKH },
  { value: '50L-1Cr', label: '50L - 1Cr', test: (v: number) => v >= 50 * LAKH && v < CRORE },
  { value: '1Cr-2Cr', label: '1Cr - 2Cr', test: (v: number) => v >= CRORE && v <= 2 * CRORE },
  { value: 'above2Cr', label: 'Above 2Cr', test: (v: number) => v > 2 * CRORE },
] as const

export type BudgetBucket = (typeof budgetBuckets)[number]['value']

/** The amount a requirement is bucketed by: its max budget, else its min; null without either. */
export function budgetValue(requirement: Pick<Requirement, 'minPrice' | 'maxPrice'>) {
  return requirement.maxPrice ?? requirement.minPrice ?? null
}

/** The bucket a requirement falls in, or null without a budget. */
export function budgetBucketOf(requirement: Pick<Requirement, 'minPrice' | 'maxPrice'>): BudgetBucket | null {
  const value = budgetValue(requirement)
  if (value === null) return null
  return budgetBuckets.find((bucket) => bucket.test(value))?.value ?? null
}

export type RequirementFilters = {
  search: string
  propertyType: string
  city: string
  listingPurpose: string
  budget: string
}

export const allFilters: RequirementFilters = { search: '', propertyType: 'all', city: 'all', listingPurpose: 'all', budget: 'all' }

const norm = (s: string) => s.trim().toLowerCase()

/** Requirements passing the search (client name or location) and every chosen filter. */
export function filterRequirements(requirements: Requirement[], filters: RequirementFilters) {
  const q = norm(filters.search)
  return requirements.filter((r) => {
    if (q) {
      const haystack = [r.clientName, r.preferredState, ...r.preferredCities, ...r.preferredLocalities].map(norm)
      if (!haystack.some((text) => text.includes(q))) return false
    }
    if (filters.propertyType !== 'all' && !r.propertyTypes.includes(filters.propertyType as Requirement['propertyTypes'][number]))
      return false
    if (filters.city !== 'all' && !r.preferredCities.some((c) => norm(c) === norm(filters.city))) return false
    if (filters.listingPurpose !== 'all' && r.listingPurpose !== filters.listingPurpose) return false
    if (filters.budget !== 'all' && budgetBucketOf(r) !== filters.budget) return false
    return true
  })
}

/** The distinct preferred cities of the agent's own requirements, sorted. */
export function citiesOf(requirements: Requirement[]) {
  const seen = new Map<string, string>()
  for (const r of requirements) for (const c of r.preferredCities) if (c.trim() && !seen.has(norm(c))) seen.set(norm(c), c.trim())
  return [...seen.values()].sort((a, b) => a.localeCompare(b))
}

/** The four summary tiles: Immediate, Within 1 Month, High Budget (above 1Cr), Mid Budget (25L-1Cr). */
export function requirementTiles(requirements: Requirement[]) {
  let immediate = 0
  let withinMonth = 0
  let high = 0
  let mid = 0
  for (const r of requirements) {
    if (r.timeline === 'immediate') immediate++
    if (r.timeline === '1month') withinMonth++
    const value = budgetValue(r)
    if (value !== null && value > CRORE) high++
    else if (value !== null && value >= 25 * LAKH) mid++
  }
  return { immediate, withinMonth, high, mid }
}
