import { useInfiniteQuery } from '@tanstack/react-query'
import type { Requirement } from '@/lib/api-schemas'
import { pagedQueryOptions } from '@/lib/paged-query'
import { requirementKeys } from '@/features/requirements/api/requirement-keys'

/** GET /api/requirements, page by page: the caller's own requirements, newest first. */
export const myRequirementsQueryOptions = () => pagedQueryOptions<Requirement>(requirementKeys.mine())

export function useMyRequirements() {
  return useInfiniteQuery(myRequirementsQueryOptions())
}
