import { useInfiniteQuery } from '@tanstack/react-query'
import type { Conversation } from '@/lib/api-schemas'
import { pagedQueryOptions } from '@/lib/paged-query'
import { messageKeys } from '@/features/messages/api/message-keys'

/** GET /api/messages/conversations, page by page: one per counterpart, latest activity first, with the unread count. */
export const conversationsQueryOptions = () => pagedQueryOptions<Conversation>(messageKeys.conversations())

export function useConversations() {
  return useInfiniteQuery(conversationsQueryOptions())
}
