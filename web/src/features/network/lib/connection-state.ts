import type { AgentSummary, Connection } from '@/lib/api-schemas'

/** How the signed-in agent stands with another agent, from their latest connection. */
export type Relationship = 'none' | 'pending-sent' | 'pending-received' | 'accepted' | 'rejected' | 'cancelled'

export function relationshipOf(connection: Pick<Connection, 'status' | 'requesterId'> | null | undefined, userId: number): Relationship {
  if (!connection) return 'none'
  if (connection.status === 'pending') return connection.requesterId === userId ? 'pending-sent' : 'pending-received'
  return connection.status
}

/** Sent when the signed-in agent asked, Received when the other agent did. */
export function directionOf(connection: Pick<Connection, 'requesterId'>, userId: number): 'sent' | 'received' {
  return connection.requesterId === userId ? 'sent' : 'received'
}

/** The agent on the other side of a connection. */
export function otherAgent(connection: Pick<Connection, 'requesterId' | 'requester' | 'receiver'>, userId: number): AgentSummary {
  return connection.requesterId === userId ? connection.receiver : connection.requester
}

/** Pending requests addressed to the signed-in agent. */
export function receivedPending(connections: Connection[], userId: number) {
  return connections.filter((c) => c.status === 'pending' && c.receiverId === userId)
}

/**
 * Until when the signed-in agent must wait to ask again: only the requester of a declined request waits,
 * until the server's `askAgainAfter` (a week after the decline); undefined when they may ask now.
 */
export function waitUntil(
  connection: Pick<Connection, 'status' | 'requesterId' | 'askAgainAfter'> | null | undefined,
  userId: number,
  now: Date = new Date(),
): Date | undefined {
  if (connection?.status !== 'rejected' || connection.requesterId !== userId || !connection.askAgainAfter) return undefined
  const at = new Date(connection.askAgainAfter)
  return at.getTime() > now.getTime() ? at : undefined
}

/** "5 Dec": the day a wait ends, in India's time (the server's rule counts in IST too). */
export function askAgainDay(at: Date) {
  return at.toLocaleDateString('en-IN', { day: 'numeric', month: 'short', timeZone: 'Asia/Kolkata' })
}

/** What the connection control offers for each relationship (docs/product.md#agent-network). */
export type ConnectionControl = {
  badge?: 'Pending' | 'Connected' | 'Declined'
  action?: 'Connect' | 'Cancel' | 'Try Again' | 'Connect Again'
}

export const connectionControls: Record<Relationship, ConnectionControl> = {
  none: { action: 'Connect' },
  'pending-sent': { badge: 'Pending', action: 'Cancel' },
  'pending-received': { badge: 'Pending' },
  accepted: { badge: 'Connected' },
  rejected: { badge: 'Declined', action: 'Try Again' },
  cancelled: { action: 'Connect Again' },
}
