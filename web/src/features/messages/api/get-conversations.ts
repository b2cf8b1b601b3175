import { useInfiniteQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { pagedQueryOptions } from '@/lib/paged-query'
import { messageKeys } from '@/features/messages/api/message-keys'

/** GET /api/messages/conversations, page by page: one per counterpart, latest activity first, with the unread count. */
export const conversationsQueryOptions = () =>
  pagedQueryOptions(messageKeys.conversations(), (init) => api.GET('/api/messages/conversations', init))

export function useConversations() {
  return useInfiniteQuery(conversationsQueryOptions())
}
