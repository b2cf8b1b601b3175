import { useInfiniteQuery } from '@tanstack/react-query'
import { matchingRefetchInterval } from '@/components/matching-status'
import { api } from '@/lib/api-client'
import { pagedQueryOptions } from '@/lib/paged-query'
import { requirementKeys } from '@/features/requirements/api/requirement-keys'

/** GET /api/requirements, page by page: the caller's own requirements, newest first. */
export const myRequirementsQueryOptions = () => ({
  ...pagedQueryOptions(requirementKeys.mine(), (init) => api.GET('/api/requirements', init)),
  refetchInterval: matchingRefetchInterval,
})

export function useMyRequirements() {
  return useInfiniteQuery(myRequirementsQueryOptions())
}
