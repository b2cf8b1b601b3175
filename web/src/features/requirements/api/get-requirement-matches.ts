import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api-client'
import { requirementKeys } from '@/features/requirements/api/get-my-requirements'

/** GET /api/requirements/{id}/matches: the requirement's matching properties, best first. */
export const requirementMatchesQueryOptions = (id: number) =>
  queryOptions({
    queryKey: requirementKeys.matches(id),
    queryFn: ({ signal }) => unwrap(api.GET('/api/requirements/{id}/matches', { params: { path: { id } }, signal })),
  })

/** Matches of one requirement; idle while `enabled` is false (a closed dialog). */
export function useRequirementMatches(id: number, enabled = true) {
  return useQuery({ ...requirementMatchesQueryOptions(id), enabled })
}
