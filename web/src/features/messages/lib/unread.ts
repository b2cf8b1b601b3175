import type { Message } from '@/lib/api-schemas'

/** Unread for the signed-in agent: sent to them and not read yet. */
export function isUnreadFor(message: Pick<Message, 'receiverId' | 'isRead'>, userId: number) {
  return message.receiverId === userId && !message.isRead
}
