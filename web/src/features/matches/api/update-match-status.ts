import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query'
import { apiRequest, type ApiError } from '@/lib/api-client'
import type { Match, UpdateMatchStatusRequest } from '@/lib/api-schemas'
import { invalidateFamilies } from '@/lib/query-families'
import { matchWriteFamilies } from '@/features/matches/api/match-keys'

export type UpdateMatchStatusVariables = { id: number; body: UpdateMatchStatusRequest }

/** PUT /api/matches/{id}/status: sets the lead status, optionally marking it viewed by a side. */
export function updateMatchStatus({ id, body }: UpdateMatchStatusVariables) {
  return apiRequest<Match>('PUT', `/api/matches/${id}/status`, body)
}

export function useUpdateMatchStatus(
  options?: Omit<UseMutationOptions<Match, ApiError, UpdateMatchStatusVariables>, 'mutationFn'>,
) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: ['/api/matches', 'status'],
    mutationFn: updateMatchStatus,
    ...options,
    onSuccess: async (...args) => {
      await invalidateFamilies(queryClient, matchWriteFamilies)
      return options?.onSuccess?.(...args)
    },
  })
}
