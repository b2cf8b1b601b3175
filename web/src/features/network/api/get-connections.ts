import { useInfiniteQuery } from '@tanstack/react-query'
import type { Connection, ConnectionStatus } from '@/lib/api-schemas'
import { pagedQueryOptions } from '@/lib/paged-query'
import { networkKeys } from '@/features/network/api/network-keys'

/** GET /api/connections?status=, page by page: the latest connection per counterpart, most recently updated first. */
export const connectionsQueryOptions = (status?: ConnectionStatus) => pagedQueryOptions<Connection>(networkKeys.connections(status))

export function useConnections(status?: ConnectionStatus) {
  return useInfiniteQuery(connectionsQueryOptions(status))
}
