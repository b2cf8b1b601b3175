import { queryOptions, useQuery } from '@tanstack/react-query'
import { getQueryFn } from '@/lib/api-client'
import type { Match } from '@/lib/api-schemas'
import { requirementKeys } from '@/features/requirements/api/requirement-keys'

/** GET /api/requirements/{id}/matches: the requirement's matching properties, best first. */
export const getRequirementMatches = getQueryFn<Match[]>({ on401: 'throw' })

export const requirementMatchesQueryOptions = (id: number) =>
  queryOptions({
    queryKey: requirementKeys.matches(id),
    queryFn: getRequirementMatches,
  })

/** Matches of one requirement; idle while `enabled` is false (a closed dialog). */
export function useRequirementMatches(id: number, enabled = true) {
  return useQuery({ ...requirementMatchesQueryOptions(id), enabled })
}
