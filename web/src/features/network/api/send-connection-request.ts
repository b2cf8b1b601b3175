import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query'
import { apiRequest, type ApiError } from '@/lib/api-client'
import type { Connection } from '@/lib/api-schemas'
import { invalidateFamilies } from '@/lib/query-families'
import { connectionWriteFamilies } from '@/features/network/api/network-keys'

export type SendConnectionRequestVariables = { recipientId: number; message: string }

/** POST /api/connections: a new pending request; 409 when a pending or accepted one exists. */
export function sendConnectionRequest(body: SendConnectionRequestVariables) {
  return apiRequest<Connection>('POST', '/api/connections', body)
}

export function useSendConnectionRequest(
  options?: Omit<UseMutationOptions<Connection, ApiError, SendConnectionRequestVariables>, 'mutationFn'>,
) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: ['/api/connections', 'send'],
    mutationFn: sendConnectionRequest,
    ...options,
    onSuccess: async (...args) => {
      await invalidateFamilies(queryClient, connectionWriteFamilies)
      return options?.onSuccess?.(...args)
    },
  })
}
