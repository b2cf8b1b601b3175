import { QueryClient } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { matchesQueryOptions, newestNewMatchesQueryOptions } from '@/features/matches/api/get-matches'
import { mockApi } from '@/test/utils'

afterEach(() => vi.unstubAllGlobals())

describe('match queries', () => {
  it('call the API URLs', async () => {
    const { calls } = mockApi({ 'GET /api/matches': { body: [] } })
    const client = new QueryClient()
    await client.fetchInfiniteQuery(matchesQueryOptions('buyer'))
    await client.fetchInfiniteQuery(matchesQueryOptions('seller'))
    await client.fetchQuery(newestNewMatchesQueryOptions(3))
    expect(calls.map((c) => c.path)).toEqual(['/api/matches?type=buyer', '/api/matches?type=seller', '/api/matches?status=new&limit=3'])
  })
})
