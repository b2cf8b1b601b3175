import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query'
import { apiRequest, type ApiError } from '@/lib/api-client'
import type { Message } from '@/lib/api-schemas'
import { invalidateFamilies } from '@/lib/query-families'
import { messageWriteFamilies } from '@/features/messages/api/message-keys'

export type SendMessageVariables = { receiverId: number; content: string; matchId?: number }

/** POST /api/messages: to a connected agent, or about a shared match (which then becomes contacted). */
export function sendMessage(body: SendMessageVariables) {
  return apiRequest<Message>('POST', '/api/messages', body)
}

export function useSendMessage(options?: Omit<UseMutationOptions<Message, ApiError, SendMessageVariables>, 'mutationFn'>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: ['/api/messages', 'send'],
    mutationFn: sendMessage,
    ...options,
    onSuccess: async (...args) => {
      const families = args[1].matchId ? [...messageWriteFamilies, '/api/matches'] : messageWriteFamilies
      await invalidateFamilies(queryClient, families)
      return options?.onSuccess?.(...args)
    },
  })
}
