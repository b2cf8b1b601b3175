import { useInfiniteQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { pagedQueryOptions } from '@/lib/paged-query'

/** Query keys of messages; every one sits in the '/api/messages' family (see changedFamilies.messages). */
export const messageKeys = {
  all: ['/api/messages'] as const,
  thread: (withUserId: number) => ['/api/messages', { with: withUserId }] as const,
  recent: (limit: number) => ['/api/messages', { limit }] as const,
  conversations: () => ['/api/messages/conversations'] as const,
  unreadCount: () => ['/api/messages/unread-count'] as const,
}

/** GET /api/messages/conversations, page by page: one per counterpart, latest activity first, with the unread count. */
export const conversationsQueryOptions = () =>
  pagedQueryOptions(messageKeys.conversations(), (init) => api.GET('/api/messages/conversations', init))

export function useConversations() {
  return useInfiniteQuery(conversationsQueryOptions())
}
