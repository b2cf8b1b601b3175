import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query'
import { apiRequest, type ApiError } from '@/lib/api-client'
import type { Connection } from '@/lib/api-schemas'
import { invalidateFamilies } from '@/lib/query-families'
import { connectionWriteFamilies } from '@/features/network/api/network-keys'

/** DELETE /api/connections/{id}: the requester cancels a pending request (it becomes cancelled). */
export function cancelConnection(id: number) {
  return apiRequest<Connection>('DELETE', `/api/connections/${id}`)
}

export function useCancelConnection(options?: Omit<UseMutationOptions<Connection, ApiError, number>, 'mutationFn'>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: ['/api/connections', 'cancel'],
    mutationFn: cancelConnection,
    ...options,
    onSuccess: async (...args) => {
      await invalidateFamilies(queryClient, connectionWriteFamilies)
      return options?.onSuccess?.(...args)
    },
  })
}
