import type { ConnectionStatus } from '@/lib/api-schemas'

/** The direction of a connection request, seen from the caller. */
export type Direction = 'sent' | 'received'

/** Query keys of the agent directory, connections and user names (see changedFamilies.connections). */
export const networkKeys = {
  agents: (q: string) => ['/api/agents', { q: q.trim() || undefined }] as const,
  connections: (status?: ConnectionStatus, direction?: Direction) => ['/api/connections', { status, direction }] as const,
  users: (ids: readonly number[]) => ['/api/users', { ids: [...ids].sort((a, b) => a - b).join(',') }] as const,
}
