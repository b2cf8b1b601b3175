import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query'
import { apiRequest, type ApiError } from '@/lib/api-client'
import type { AnswerConnectionRequest, Connection } from '@/lib/api-schemas'
import { invalidateFamilies } from '@/lib/query-families'
import { connectionWriteFamilies } from '@/features/network/api/network-keys'

export type AnswerConnectionVariables = { id: number; status: AnswerConnectionRequest['status'] }

/** PUT /api/connections/{id}: the receiver accepts or declines a pending request. */
export function answerConnection({ id, status }: AnswerConnectionVariables) {
  return apiRequest<Connection>('PUT', `/api/connections/${id}`, { status })
}

export function useAnswerConnection(
  options?: Omit<UseMutationOptions<Connection, ApiError, AnswerConnectionVariables>, 'mutationFn'>,
) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: ['/api/connections', 'answer'],
    mutationFn: answerConnection,
    ...options,
    onSuccess: async (...args) => {
      await invalidateFamilies(queryClient, connectionWriteFamilies)
      return options?.onSuccess?.(...args)
    },
  })
}
