import { useInfiniteQuery } from '@tanstack/react-query'
import type { Connection, ConnectionStatus } from '@/lib/api-schemas'
import { pagedQueryOptions } from '@/lib/paged-query'
import { networkKeys } from '@/features/network/api/network-keys'

type Direction = 'sent' | 'received'

/** GET /api/connections?status=&direction=, page by page: the latest connection per counterpart, newest first. */
export const connectionsQueryOptions = (status?: ConnectionStatus, direction?: Direction) =>
  pagedQueryOptions<Connection>(networkKeys.connections(status, direction))

export function useConnections(status?: ConnectionStatus, direction?: Direction) {
  return useInfiniteQuery(connectionsQueryOptions(status, direction))
}
