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

/** GET /api/matches: the first page of the caller's matches on both sides, newest first. */
export const getLatestMatches = getQueryFn<Match[]>({ on401: 'throw' })

export const latestMatchesQueryOptions = () =>
  queryOptions({
    queryKey: matchKeys.latest(),
    queryFn: getLatestMatches,
  })

export function useLatestMatches({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...latestMatchesQueryOptions(), enabled })
}
