import { queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api-client'
import type { MatchSide } from '@/shared/contact'
import { matchesApiQuery, type MatchListFilter } from '@/features/matches/lib/match-view'
import { pagedQueryOptions } from '@/lib/paged-query'

/** Query keys of matches: ['/api/matches', {type, ...}] is GET /api/matches?type=buyer|seller&... */
export const matchKeys = {
  all: ['/api/matches'] as const,
  list: (type: MatchSide, filter?: MatchListFilter) => ['/api/matches', matchesApiQuery(type, filter)] as const,
  /** The newest matches with status new on both sides, one page of `limit` (the dashboard's New Matches). */
  newest: (limit: number) => ['/api/matches', { status: 'new', limit }] as const,
}

/**
 * GET /api/matches?type=, page by page: the caller's matches as buyer or as seller agent, newest first
 * unless the filter names another order; the server sorts and filters (docs/product.md#matches).
 */
export const matchesQueryOptions = (type: MatchSide, filter?: MatchListFilter) =>
  pagedQueryOptions(matchKeys.list(type, filter), (init) =>
    api.GET('/api/matches', { params: { query: matchesApiQuery(type, filter) }, ...init }),
  )

export function useMatches(type: MatchSide, filter?: MatchListFilter, { enabled = true }: { enabled?: boolean } = {}) {
  return useInfiniteQuery({ ...matchesQueryOptions(type, filter), enabled })
}

/**
 * GET /api/matches?status=new&limit=N: the caller's N newest matches with status new, on both sides.
 * The server filters before paging, so these are exactly the newest new ones wherever they would sit
 * in the unfiltered list.
 */
export const newestNewMatchesQueryOptions = (limit: number) =>
  queryOptions({
    queryKey: matchKeys.newest(limit),
    queryFn: ({ signal }) => unwrap(api.GET('/api/matches', { params: { query: { status: 'new', limit } }, signal })),
  })

export function useNewestNewMatches(limit: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...newestNewMatchesQueryOptions(limit), enabled })
}
