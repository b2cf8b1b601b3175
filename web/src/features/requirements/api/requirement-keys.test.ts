import { describe, expect, it } from 'vitest'
import { matchKeys } from '@/features/matches/api/match-keys'
import { requirementKeys } from '@/features/requirements/api/requirement-keys'
import { urlFromQueryKey } from '@/lib/api-client'
import { inFamily } from '@/lib/query-families'

describe('requirement and match query keys', () => {
  it('turn into the API URLs', () => {
    expect(urlFromQueryKey(requirementKeys.mine())).toBe('/api/requirements')
    expect(urlFromQueryKey(requirementKeys.matches(21))).toBe('/api/requirements/21/matches')
    expect(urlFromQueryKey(requirementKeys.marketplace(' 2bhk villa '))).toBe('/api/marketplace/requirements?q=2bhk+villa')
    expect(urlFromQueryKey(requirementKeys.marketplace(''))).toBe('/api/marketplace/requirements')
    expect(urlFromQueryKey(matchKeys.list('buyer'))).toBe('/api/matches?type=buyer')
    expect(urlFromQueryKey(matchKeys.list('seller'))).toBe('/api/matches?type=seller')
  })

  it('belong to their path families', () => {
    expect(inFamily(requirementKeys.matches(21), '/api/requirements')).toBe(true)
    expect(inFamily(requirementKeys.marketplace('x'), '/api/marketplace')).toBe(true)
    expect(inFamily(['/api/marketplace-ads'], '/api/marketplace')).toBe(false)
    expect(inFamily(['/api/properties'], '/api/requirements')).toBe(false)
  })
})
