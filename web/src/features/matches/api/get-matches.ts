import { queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { getQueryFn } from '@/lib/api-client'
import type { Match } from '@/lib/api-schemas'
import type { MatchSide } from '@/lib/contact'
import { pagedQueryOptions } from '@/lib/paged-query'
import { matchKeys } from '@/features/matches/api/match-keys'

/** GET /api/matches?type=, page by page: the caller's matches as buyer or as seller agent, newest first. */
export const matchesQueryOptions = (type: MatchSide) => pagedQueryOptions<Match>(matchKeys.list(type))

export function useMatches(type: MatchSide) {
  return useInfiniteQuery(matchesQueryOptions(type))
}

/**
 * GET /api/matches?status=new&limit=N: the caller's N newest matches with status new, on both sides.
 * The server filters before paging, so these are exactly the newest new ones wherever they would sit
 * in the unfiltered list.
 */
export const getNewestNewMatches = getQueryFn<Match[]>({ on401: 'throw' })

export const newestNewMatchesQueryOptions = (limit: number) =>
  queryOptions({
    queryKey: matchKeys.newest(limit),
    queryFn: getNewestNewMatches,
  })

export function useNewestNewMatches(limit: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...newestNewMatchesQueryOptions(limit), enabled })
}
