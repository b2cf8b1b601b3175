import { QueryClient } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { marketplaceRequirementsQueryOptions } from '@/features/requirements/api/get-marketplace-requirements'
import { myRequirementsQueryOptions, requirementKeys } from '@/features/requirements/api/get-my-requirements'
import { requirementMatchesQueryOptions } from '@/features/requirements/api/get-requirement-matches'
import { inFamily } from '@/lib/query-families'
import { mockApi } from '@/test/utils'

afterEach(() => vi.unstubAllGlobals())

describe('requirement queries', () => {
  it('call the API URLs', async () => {
    const { calls } = mockApi({
      'GET /api/requirements': { body: [] },
      'GET /api/requirements/21/matches': { body: [] },
      'GET /api/marketplace/requirements': { body: [] },
    })
    const client = new QueryClient()
    await client.fetchInfiniteQuery(myRequirementsQueryOptions())
    await client.fetchQuery(requirementMatchesQueryOptions(21))
    await client.fetchInfiniteQuery(marketplaceRequirementsQueryOptions(' 2bhk villa '))
    await client.fetchInfiniteQuery(marketplaceRequirementsQueryOptions(''))
    expect(calls.map((c) => c.path)).toEqual([
      '/api/requirements',
      '/api/requirements/21/matches',
      '/api/marketplace/requirements?q=2bhk%20villa',
      '/api/marketplace/requirements',
    ])
  })

  it('have keys in their path families', () => {
    expect(inFamily(requirementKeys.matches(21), '/api/requirements')).toBe(true)
    expect(inFamily(requirementKeys.marketplace('x'), '/api/marketplace')).toBe(true)
    expect(inFamily(['/api/marketplace-ads'], '/api/marketplace')).toBe(false)
    expect(inFamily(['/api/properties'], '/api/requirements')).toBe(false)
  })
})
