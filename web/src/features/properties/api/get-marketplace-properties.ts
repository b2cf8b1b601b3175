import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query'
import type { MarketplaceProperty } from '@/lib/api-schemas'
import { pagedQueryOptions } from '@/lib/paged-query'

/** Query keys of the marketplace listings; a search adds `{ q }` (sent as ?q=). */
export const marketplacePropertyKeys = {
  all: () => ['/api/marketplace/properties'] as const,
  search: (q: string) => (q.trim() ? (['/api/marketplace/properties', { q: q.trim() }] as const) : marketplacePropertyKeys.all()),
}

/** GET /api/marketplace/properties?q=, page by page: every agent's active listings with the agent's name and phone. */
export const marketplacePropertiesQueryOptions = (q = '') => pagedQueryOptions<MarketplaceProperty>(marketplacePropertyKeys.search(q))

/** Marketplace listings matching a server-side search (all when blank); the previous results stay while a new search loads. */
export function useMarketplaceProperties(q = '', { enabled = true }: { enabled?: boolean } = {}) {
  return useInfiniteQuery({ ...marketplacePropertiesQueryOptions(q), enabled, placeholderData: keepPreviousData })
}
