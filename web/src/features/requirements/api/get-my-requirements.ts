import { useInfiniteQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { pagedQueryOptions } from '@/lib/paged-query'
import { requirementKeys } from '@/features/requirements/api/requirement-keys'

/** GET /api/requirements, page by page: the caller's own requirements, newest first. */
export const myRequirementsQueryOptions = () => pagedQueryOptions(requirementKeys.mine(), (init) => api.GET('/api/requirements', init))

export function useMyRequirements() {
  return useInfiniteQuery(myRequirementsQueryOptions())
}
