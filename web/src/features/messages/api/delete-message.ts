import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query'
import { apiRequest, type ApiError } from '@/lib/api-client'
import type { MessageResponse } from '@/lib/api-schemas'
import { invalidateFamilies } from '@/lib/query-families'
import { messageWriteFamilies } from '@/features/messages/api/message-keys'

/** DELETE /api/messages/{id}: only its sender may delete a message. */
export function deleteMessage(id: number) {
  return apiRequest<MessageResponse>('DELETE', `/api/messages/${id}`)
}

export function useDeleteMessage(options?: Omit<UseMutationOptions<MessageResponse, ApiError, number>, 'mutationFn'>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: ['/api/messages', 'delete'],
    mutationFn: deleteMessage,
    ...options,
    onSuccess: async (...args) => {
      await invalidateFamilies(queryClient, messageWriteFamilies)
      return options?.onSuccess?.(...args)
    },
  })
}
