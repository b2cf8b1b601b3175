import type { AgentSummary, Connection, Conversation, Message } from '@/lib/api-schemas'

/** One row of the conversation list: a pending incoming request or a conversation with a user. */
export type ListEntry =
  | { kind: 'request'; key: string; connection: Connection; at: string }
  | {
      kind: 'thread'
      key: string
      userId: number
      counterpart: AgentSummary | null
      lastMessage: Message | null
      unreadCount: number
      at: string
    }

export const requestKey = (connectionId: number) => `request-${connectionId}`
export const threadKey = (userId: number) => `thread-${userId}`

const newestFirst = (a: { at: string }, b: { at: string }) => Date.parse(b.at) - Date.parse(a.at)

type BuildInput = {
  /** Pending requests addressed to the signed-in user. */
  requests: Connection[]
  conversations: Conversation[]
  /** A user opened by ?with= that has no conversation yet, with their name card when known. */
  draft?: { userId: number; counterpart: AgentSummary | null } | null
}

/**
 * The list as shown: pending incoming requests first (newest first), then an opened conversation
 * that has no messages yet, then the conversations by latest activity, newest first.
 */
export function buildConversationList({ requests, conversations, draft }: BuildInput): ListEntry[] {
  const requestEntries: ListEntry[] = requests
    .map((connection) => ({ kind: 'request' as const, key: requestKey(connection.id), connection, at: connection.createdAt }))
    .sort(newestFirst)
  const threadEntries: ListEntry[] = conversations
    .map((c) => ({
      kind: 'thread' as const,
      key: threadKey(c.counterpart.id),
      userId: c.counterpart.id,
      counterpart: c.counterpart,
      lastMessage: c.lastMessage,
      unreadCount: c.unreadCount,
      at: c.lastMessage.createdAt,
    }))
    .sort(newestFirst)
  const hasDraft = draft && !conversations.some((c) => c.counterpart.id === draft.userId)
  const draftEntries: ListEntry[] = hasDraft
    ? [
        {
          kind: 'thread',
          key: threadKey(draft.userId),
          userId: draft.userId,
          counterpart: draft.counterpart,
          lastMessage: null,
          unreadCount: 0,
          at: '',
        },
      ]
    : []
  return [...requestEntries, ...draftEntries, ...threadEntries]
}
