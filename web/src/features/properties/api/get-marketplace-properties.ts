import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { pagedQueryOptions } from '@/lib/paged-query'

/** Query keys of the marketplace listings; a search adds `{ q }` (sent as ?q=). */
export const marketplacePropertyKeys = {
  all: () => ['/api/marketplace/properties'] as const,
  search: (q: string) => (q ? (['/api/marketplace/properties', { q }] as const) : marketplacePropertyKeys.all()),
}

/** GET /api/marketplace/properties?q=, page by page: every agent's active listings with the agent's name and phone. */
export const marketplacePropertiesQueryOptions = (search = '') => {
  const q = search.trim()
  return pagedQueryOptions(marketplacePropertyKeys.search(q), (init) =>
    api.GET('/api/marketplace/properties', { params: { query: { q: q || undefined } }, ...init }),
  )
}

/** Marketplace listings matching a server-side search (all when blank); the previous results stay while a new search loads. */
export function useMarketplaceProperties(q = '', { enabled = true }: { enabled?: boolean } = {}) {
  return useInfiniteQuery({ ...marketplacePropertiesQueryOptions(q), enabled, placeholderData: keepPreviousData })
}
