/** Query keys of messages; every one sits in the '/api/messages' family (see urlFromQueryKey). */
export const messageKeys = {
  all: ['/api/messages'] as const,
  thread: (withUserId: number) => ['/api/messages', { with: withUserId }] as const,
  recent: (limit: number) => ['/api/messages', { limit }] as const,
  conversations: () => ['/api/messages/conversations'] as const,
  unreadCount: () => ['/api/messages/unread-count'] as const,
}

/** Families refreshed after a message is sent, deleted or read. */
export const messageWriteFamilies = ['/api/messages', '/api/dashboard/stats'] as const
