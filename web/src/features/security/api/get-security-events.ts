import { queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api-client'
import type { components } from '@/lib/api-types'
import { pagedQueryOptions } from '@/lib/paged-query'

export type SecurityOverview = components['schemas']['SecurityOverview']
export type SecurityEvent = components['schemas']['SecurityEvent']
export type SecurityEventType = components['schemas']['SecurityEventType']

/** The spec's refresh: the dashboard asks again every 30 seconds. */
export const REFRESH_MS = 30_000

/** Query keys of the security dashboard; each starts with its API path. */
export const securityKeys = {
  overview: () => ['/api/security/events'] as const,
  recent: (type: SecurityEventType | '') => ['/api/security/events/recent', type] as const,
  ips: () => ['/api/security/ips'] as const,
  protection: () => ['/api/security/protection'] as const,
  blocks: () => ['/api/security/blocks'] as const,
}

/** GET /api/security/events: the cards (and the ten most suspicious addresses), every 30 s. */
export function useSecurityOverview() {
  return useQuery(
    queryOptions({
      queryKey: securityKeys.overview(),
      queryFn: ({ signal }) => unwrap(api.GET('/api/security/events', { signal, params: { query: { limit: 1 } } })),
      refetchInterval: REFRESH_MS,
    }),
  )
}

/** GET /api/security/events/recent: the newest events of one type (or all), 50 a page, every 30 s. */
export function useRecentEvents(type: SecurityEventType | '') {
  return useInfiniteQuery({
    ...pagedQueryOptions(securityKeys.recent(type), (init) =>
      api.GET('/api/security/events/recent', { ...init, params: { query: type ? { type } : {} } }),
    ),
    refetchInterval: REFRESH_MS,
  })
}
