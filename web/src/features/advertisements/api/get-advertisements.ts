import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api-client'

/** GET /api/advertisements: the adverts targeted at the agent's city and state (the server's default), or at everyone. */
export const advertisementsQueryOptions = () =>
  queryOptions({
    queryKey: ['/api/advertisements'],
    queryFn: ({ signal }) => unwrap(api.GET('/api/advertisements', { signal })),
    // Always stale and refetched on focus (docs/product.md#recommended-services): admins change adverts at any time.
    staleTime: 0,
    refetchOnWindowFocus: true,
  })

export function useAdvertisements(options: { enabled?: boolean } = {}) {
  return useQuery({ ...advertisementsQueryOptions(), enabled: options.enabled ?? true })
}
