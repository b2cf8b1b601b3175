import { queryOptions, useQuery } from '@tanstack/react-query'
import { getQueryFn } from '@/lib/api-client'
import type { Match } from '@/lib/api-schemas'
import type { MatchSide } from '@/lib/contact'
import { matchKeys } from '@/features/matches/api/match-keys'

/** GET /api/matches?type=: the caller's matches as buyer or as seller agent (first page, newest first). */
export const getMatches = getQueryFn<Match[]>({ on401: 'throw' })

export const matchesQueryOptions = (type: MatchSide) =>
  queryOptions({
    queryKey: matchKeys.list(type),
    queryFn: getMatches,
  })

export function useMatches(type: MatchSide) {
  return useQuery(matchesQueryOptions(type))
}
