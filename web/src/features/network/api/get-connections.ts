import { useInfiniteQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import type { ConnectionStatus } from '@/lib/api-schemas'
import { pagedQueryOptions } from '@/lib/paged-query'

/** The direction of a connection request, seen from the caller. */
export type Direction = 'sent' | 'received'

/** Query keys of the agent directory, connections and user names (see changedFamilies.connections). */
export const networkKeys = {
  agents: (q: string) => ['/api/agents', { q: q.trim() || undefined }] as const,
  connections: (status?: ConnectionStatus, direction?: Direction) => ['/api/connections', { status, direction }] as const,
  users: (ids: readonly number[]) => ['/api/users', { ids: [...ids].sort((a, b) => a - b).join(',') }] as const,
}

/** GET /api/connections?status=&direction=, page by page: the latest connection per counterpart, newest first. */
export const connectionsQueryOptions = (status?: ConnectionStatus, direction?: Direction) =>
  pagedQueryOptions(networkKeys.connections(status, direction), (init) =>
    api.GET('/api/connections', { params: { query: { status, direction } }, ...init }),
  )

export function useConnections(status?: ConnectionStatus, direction?: Direction) {
  return useInfiniteQuery(connectionsQueryOptions(status, direction))
}
