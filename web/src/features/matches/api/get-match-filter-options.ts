import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api-client'

/** The most a list page holds (paging.MaxSize): enough for every plan's requirements and listings. */
const ALL = 500

/**
 * GET /api/requirements?limit=500: the caller's requirements, for the buyer tab's requirement filter.
 * The key sits in the requirements family, so every requirement write refreshes it.
 */
export const ownRequirementOptions = () =>
  queryOptions({
    queryKey: ['/api/requirements', { limit: ALL }] as const,
    queryFn: ({ signal }) => unwrap(api.GET('/api/requirements', { params: { query: { limit: ALL } }, signal })),
    select: (list) => list.map((r) => ({ id: r.id, label: [r.clientName, r.preferredCities.join(', ')].filter(Boolean).join(' · ') })),
  })

/** GET /api/properties?limit=500: the caller's listings, for the seller tab's listing filter. */
export const ownListingOptions = () =>
  queryOptions({
    queryKey: ['/api/properties', { limit: ALL }] as const,
    queryFn: ({ signal }) => unwrap(api.GET('/api/properties', { params: { query: { limit: ALL } }, signal })),
    select: (list) => list.map((p) => ({ id: p.id, label: [p.title, p.locality].filter(Boolean).join(' · ') })),
  })

export function useOwnRequirementOptions({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...ownRequirementOptions(), enabled })
}

export function useOwnListingOptions({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...ownListingOptions(), enabled })
}
