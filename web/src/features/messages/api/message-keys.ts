/** Query keys of messages; every one sits in the '/api/messages' family (see changedFamilies.messages). */
export const messageKeys = {
  all: ['/api/messages'] as const,
  thread: (withUserId: number) => ['/api/messages', { with: withUserId }] as const,
  recent: (limit: number) => ['/api/messages', { limit }] as const,
  conversations: () => ['/api/messages/conversations'] as const,
  unreadCount: () => ['/api/messages/unread-count'] as const,
}
