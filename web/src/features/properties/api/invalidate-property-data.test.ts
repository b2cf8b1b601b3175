import { QueryClient } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { invalidatePropertyData, isPropertyDependentKey } from '@/features/properties/api/invalidate-property-data'

describe('property write invalidation', () => {
  it('covers the properties, stats, matches and marketplace families only', () => {
    expect(isPropertyDependentKey(['/api/properties'])).toBe(true)
    expect(isPropertyDependentKey(['/api/dashboard/stats'])).toBe(true)
    expect(isPropertyDependentKey(['/api/matches', { type: 'buyer' }])).toBe(true)
    expect(isPropertyDependentKey(['/api/marketplace/properties', { q: 'villa' }])).toBe(true)
    expect(isPropertyDependentKey(['/api/marketplace/requirements'])).toBe(true)
    expect(isPropertyDependentKey(['/api/requirements', 7, 'matches'])).toBe(true)
    expect(isPropertyDependentKey(['/api/requirements/7/matches'])).toBe(true)
    expect(isPropertyDependentKey(['/api/requirements'])).toBe(false)
    expect(isPropertyDependentKey(['/api/user'])).toBe(false)
    expect(isPropertyDependentKey(['/api/cities', 'Telangana'])).toBe(false)
    expect(isPropertyDependentKey(['/api/propertiesX'])).toBe(false)
  })

  it('marks those cached queries stale and leaves the rest', async () => {
    const client = new QueryClient()
    const keys = [['/api/properties'], ['/api/dashboard/stats'], ['/api/marketplace/properties'], ['/api/requirements'], ['/api/states']]
    keys.forEach((key) => client.setQueryData(key, []))
    await invalidatePropertyData(client)
    const stale = keys.filter((key) => client.getQueryState(key)?.isInvalidated).map((key) => key[0])
    expect(stale).toEqual(['/api/properties', '/api/dashboard/stats', '/api/marketplace/properties'])
  })
})
