import { describe, expect, it } from 'vitest'
import { allFilters, budgetBucketOf, citiesOf, filterRequirements, requirementTiles } from '@/features/requirements/lib/requirement-filters'
import { makeRequirement } from '@/test/match-fixtures'

const L = 100_000
const CR = 10_000_000

describe('budget buckets', () => {
  it.each([
    [null, 24 * L, 'under25L'],
    [null, 25 * L, '25L-50L'],
    [null, 49.99 * L, '25L-50L'],
    [null, 50 * L, '50L-1Cr'],
    [null, 1 * CR, '1Cr-2Cr'],
    [null, 2 * CR, '1Cr-2Cr'],
    [null, 2 * CR + 1, 'above2Cr'],
  ])('min %s max %s falls in %s', (minPrice, maxPrice, bucket) => {
    expect(budgetBucketOf({ minPrice, maxPrice })).toBe(bucket)
  })

  it('uses the max budget when both are set, else the min', () => {
    expect(budgetBucketOf({ minPrice: 20 * L, maxPrice: 60 * L })).toBe('50L-1Cr')
    expect(budgetBucketOf({ minPrice: 30 * L, maxPrice: null })).toBe('25L-50L')
    expect(budgetBucketOf({ minPrice: null, maxPrice: null })).toBeNull()
  })
})

describe('summary tiles', () => {
  it('counts immediate, within one month, high (above 1Cr) and mid (25L-1Cr) budgets', () => {
    const tiles = requirementTiles([
      makeRequirement({ id: 1, timeline: 'immediate', minPrice: null, maxPrice: 3 * CR }),
      makeRequirement({ id: 2, timeline: 'immediate', minPrice: 40 * L, maxPrice: null }),
      makeRequirement({ id: 3, timeline: '1month', minPrice: null, maxPrice: 1 * CR }),
      makeRequirement({ id: 4, timeline: '3months', minPrice: null, maxPrice: 10 * L }),
      makeRequirement({ id: 5, timeline: '6months', minPrice: null, maxPrice: null }),
      makeRequirement({ id: 6, timeline: 'flexible', minPrice: 25 * L, maxPrice: null }),
    ])
    expect(tiles).toEqual({ immediate: 2, withinMonth: 1, high: 1, mid: 3 })
  })
})

describe('filterRequirements', () => {
  const list = [
    makeRequirement({ id: 1, clientName: 'Anita Sharma', preferredCities: ['Hyderabad'], preferredLocalities: ['Gachibowli'] }),
    makeRequirement({
      id: 2,
      clientName: 'Vikram Rao',
      propertyTypes: ['villa'],
      listingPurpose: 'forRent',
      preferredState: 'Karnataka',
      preferredCities: ['Bengaluru'],
      preferredLocalities: ['Whitefield'],
      minPrice: null,
      maxPrice: 30 * L,
    }),
  ]
  const ids = (filters: Partial<typeof allFilters>) => filterRequirements(list, { ...allFilters, ...filters }).map((r) => r.id)

  it('searches client name and locations case-insensitively', () => {
    expect(ids({ search: 'vikram' })).toEqual([2])
    expect(ids({ search: 'GACHI' })).toEqual([1])
    expect(ids({ search: 'karnataka' })).toEqual([2])
    expect(ids({ search: 'nowhere' })).toEqual([])
  })

  it('filters by type, city, listing type and budget', () => {
    expect(ids({ propertyType: 'villa' })).toEqual([2])
    expect(ids({ city: 'Hyderabad' })).toEqual([1])
    expect(ids({ listingPurpose: 'forRent' })).toEqual([2])
    expect(ids({ budget: '25L-50L' })).toEqual([2])
    expect(ids({ budget: '50L-1Cr', propertyType: 'villa' })).toEqual([])
  })

  it('derives the city list from the requirements, once each', () => {
    expect(citiesOf([...list, makeRequirement({ preferredCities: ['hyderabad ', 'Chennai'] })])).toEqual([
      'Bengaluru',
      'Chennai',
      'Hyderabad',
    ])
  })
})
