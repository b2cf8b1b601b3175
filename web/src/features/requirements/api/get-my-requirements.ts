import { useInfiniteQuery } from '@tanstack/react-query'
import { matchingRefetchInterval } from '@/components/matching-status'
import { api } from '@/lib/api-client'
import { pagedQueryOptions } from '@/lib/paged-query'

/** Query keys of requirements; the first element is the API path (see changedFamilies.requirements). */
export const requirementKeys = {
  all: ['/api/requirements'] as const,
  mine: () => ['/api/requirements'] as const,
  matches: (id: number) => ['/api/requirements', id, 'matches'] as const,
  marketplace: (q: string) => ['/api/marketplace/requirements', { q: q.trim() || undefined }] as const,
}

/** GET /api/requirements, page by page: the caller's own requirements, newest first. */
export const myRequirementsQueryOptions = () => ({
  ...pagedQueryOptions(requirementKeys.mine(), (init) => api.GET('/api/requirements', init)),
  refetchInterval: matchingRefetchInterval,
})

export function useMyRequirements() {
  return useInfiniteQuery(myRequirementsQueryOptions())
}
