import { queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { matchingRefetchInterval } from '@/components/matching-status'
import { api, unwrap } from '@/lib/api-client'
import { pagedQueryOptions } from '@/lib/paged-query'

/** Query keys of the caller's own listings. */
export const propertyKeys = {
  all: () => ['/api/properties'] as const,
  /** The newest `limit` listings only (one short page, e.g. the dashboard's Recent Properties). */
  recent: (limit: number) => ['/api/properties', { limit }] as const,
}

/** GET /api/properties, page by page (newest first; `Link` names the next page). */
export const myPropertiesQueryOptions = () => ({
  ...pagedQueryOptions(propertyKeys.all(), (init) => api.GET('/api/properties', init)),
  refetchInterval: matchingRefetchInterval,
})

export function useMyProperties() {
  return useInfiniteQuery(myPropertiesQueryOptions())
}

/** GET /api/properties?limit=N: the caller's newest N listings. */
export const recentPropertiesQueryOptions = (limit: number) =>
  queryOptions({
    queryKey: propertyKeys.recent(limit),
    queryFn: ({ signal }) => unwrap(api.GET('/api/properties', { params: { query: { limit } }, signal })),
  })

export function useRecentProperties(limit: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...recentPropertiesQueryOptions(limit), enabled })
}
