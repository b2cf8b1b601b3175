import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query'
import { apiRequest, type ApiError } from '@/lib/api-client'
import type { MarkReadResponse } from '@/lib/api-schemas'
import { invalidateFamilies } from '@/lib/query-families'
import { messageWriteFamilies } from '@/features/messages/api/message-keys'

/** PUT /api/messages/mark-read/{otherUserId}: marks every message from that user to the caller read. */
export function markRead(otherUserId: number) {
  return apiRequest<MarkReadResponse>('PUT', `/api/messages/mark-read/${otherUserId}`)
}

/** Afterwards the messages and the unread count are refreshed (spec part 2 section 7). */
export function useMarkRead(options?: Omit<UseMutationOptions<MarkReadResponse, ApiError, number>, 'mutationFn'>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: ['/api/messages', 'mark-read'],
    mutationFn: markRead,
    ...options,
    onSuccess: async (...args) => {
      await invalidateFamilies(queryClient, messageWriteFamilies)
      return options?.onSuccess?.(...args)
    },
  })
}
