import { queryOptions, useQuery } from '@tanstack/react-query'
import { getQueryFn } from '@/lib/api-client'
import type { Requirement } from '@/lib/api-schemas'
import { requirementKeys } from '@/features/requirements/api/requirement-keys'

/** GET /api/requirements: the caller's own requirements (first page, newest first). */
export const getMyRequirements = getQueryFn<Requirement[]>({ on401: 'throw' })

export const myRequirementsQueryOptions = () =>
  queryOptions({
    queryKey: requirementKeys.mine(),
    queryFn: getMyRequirements,
  })

export function useMyRequirements() {
  return useQuery(myRequirementsQueryOptions())
}
