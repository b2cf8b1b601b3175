import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query'
import { apiRequest, type ApiError } from '@/lib/api-client'
import type { Match, UpdateMatchNotesRequest } from '@/lib/api-schemas'
import { invalidateFamilies } from '@/lib/query-families'
import { matchWriteFamilies } from '@/features/matches/api/match-keys'

export type UpdateMatchNotesVariables = { id: number; body: UpdateMatchNotesRequest }

/** PUT /api/matches/{id}/notes: saves the lead notes (at most 500 characters). */
export function updateMatchNotes({ id, body }: UpdateMatchNotesVariables) {
  return apiRequest<Match>('PUT', `/api/matches/${id}/notes`, body)
}

export function useUpdateMatchNotes(
  options?: Omit<UseMutationOptions<Match, ApiError, UpdateMatchNotesVariables>, 'mutationFn'>,
) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: ['/api/matches', 'notes'],
    mutationFn: updateMatchNotes,
    ...options,
    onSuccess: async (...args) => {
      await invalidateFamilies(queryClient, matchWriteFamilies)
      return options?.onSuccess?.(...args)
    },
  })
}
