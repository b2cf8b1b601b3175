import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query'
import { apiRequest, type ApiError } from '@/lib/api-client'
import type { Match } from '@/lib/api-schemas'
import { invalidateFamilies } from '@/lib/query-families'
import { matchWriteFamilies } from '@/features/matches/api/match-keys'

/** PUT /api/matches/{id}/share-client: shows the client's full name to the match's seller agent (buyer agent only). */
export function shareMatchClient(id: number) {
  return apiRequest<Match>('PUT', `/api/matches/${id}/share-client`)
}

export function useShareMatchClient(options?: Omit<UseMutationOptions<Match, ApiError, number>, 'mutationFn'>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: ['/api/matches', 'share-client'],
    mutationFn: shareMatchClient,
    ...options,
    onSuccess: async (...args) => {
      await invalidateFamilies(queryClient, matchWriteFamilies)
      return options?.onSuccess?.(...args)
    },
  })
}
