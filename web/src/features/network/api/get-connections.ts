import { useInfiniteQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import type { ConnectionStatus } from '@/lib/api-schemas'
import { pagedQueryOptions } from '@/lib/paged-query'
import { networkKeys, type Direction } from '@/features/network/api/network-keys'

/** GET /api/connections?status=&direction=, page by page: the latest connection per counterpart, newest first. */
export const connectionsQueryOptions = (status?: ConnectionStatus, direction?: Direction) =>
  pagedQueryOptions(networkKeys.connections(status, direction), (init) =>
    api.GET('/api/connections', { params: { query: { status, direction } }, ...init }),
  )

export function useConnections(status?: ConnectionStatus, direction?: Direction) {
  return useInfiniteQuery(connectionsQueryOptions(status, direction))
}
