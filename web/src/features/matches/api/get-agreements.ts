import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api-client'

/**
 * Query keys of a match's co-broking agreements: ['/api/matches/{id}/agreements', id]. The head is a
 * sub-path of '/api/matches', so every write that refreshes matches refreshes these too.
 */
export const agreementKeys = {
  family: '/api/matches/{id}/agreements',
  list: (matchId: number) => ['/api/matches/{id}/agreements', matchId] as const,
}

/** GET /api/matches/{id}/agreements: every proposal on the match, newest version first. */
export const agreementsQueryOptions = (matchId: number) =>
  queryOptions({
    queryKey: agreementKeys.list(matchId),
    queryFn: ({ signal }) => unwrap(api.GET('/api/matches/{id}/agreements', { params: { path: { id: matchId } }, signal })),
  })

export function useAgreements(matchId: number) {
  return useQuery(agreementsQueryOptions(matchId))
}

/** The agreement's PDF (GET /api/agreements/{id}/pdf), for a download link. */
export function agreementPdfUrl(id: number) {
  return `/api/agreements/${id}/pdf`
}
