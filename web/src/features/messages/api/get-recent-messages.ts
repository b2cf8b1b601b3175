import { queryOptions, useQuery } from '@tanstack/react-query'
import { getQueryFn } from '@/lib/api-client'
import type { Message } from '@/lib/api-schemas'
import { messageKeys } from '@/features/messages/api/message-keys'

/** GET /api/messages?limit=N: the caller's N newest messages, sent or received. */
export const getRecentMessages = getQueryFn<Message[]>({ on401: 'throw' })

export const recentMessagesQueryOptions = (limit: number) =>
  queryOptions({
    queryKey: messageKeys.recent(limit),
    queryFn: getRecentMessages,
  })

export function useRecentMessages(limit: number) {
  return useQuery(recentMessagesQueryOptions(limit))
}
