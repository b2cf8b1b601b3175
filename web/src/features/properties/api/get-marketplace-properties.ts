import { queryOptions, useQuery } from '@tanstack/react-query'
import { getQueryFn } from '@/lib/api-client'
import type { MarketplaceProperty } from '@/lib/api-schemas'

/** Query keys of the marketplace listings; a search adds `{ q }` (sent as ?q=). */
export const marketplacePropertyKeys = {
  all: () => ['/api/marketplace/properties'] as const,
  search: (q: string) => (q.trim() ? (['/api/marketplace/properties', { q: q.trim() }] as const) : marketplacePropertyKeys.all()),
}

/** GET /api/marketplace/properties?q=: every agent's active listings with the agent's phone. */
export const getMarketplaceProperties = getQueryFn<MarketplaceProperty[]>({ on401: 'throw' })

export const marketplacePropertiesQueryOptions = (q = '') =>
  queryOptions({
    queryKey: marketplacePropertyKeys.search(q),
    queryFn: getMarketplaceProperties,
  })

export function useMarketplaceProperties(q = '') {
  return useQuery(marketplacePropertiesQueryOptions(q))
}
