import type { ConnectionStatus } from '@/lib/api-schemas'

/** Query keys of the agent directory, connections and user names (see urlFromQueryKey). */
export const networkKeys = {
  agents: (q: string) => ['/api/agents', { q: q.trim() || undefined }] as const,
  connections: (status?: ConnectionStatus, direction?: 'sent' | 'received') => ['/api/connections', { status, direction }] as const,
  users: (ids: readonly number[]) => ['/api/users', { ids: [...ids].sort((a, b) => a - b).join(',') }] as const,
}

/** Families refreshed after a connection is sent, answered or cancelled. */
export const connectionWriteFamilies = ['/api/connections', '/api/agents', '/api/messages/conversations', '/api/dashboard/stats'] as const
