import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { pagedQueryOptions } from '@/lib/paged-query'
import { requirementKeys } from '@/features/requirements/api/get-my-requirements'

/** GET /api/marketplace/requirements?q=, page by page: every agent's active requirements, without client contact. */
export const marketplaceRequirementsQueryOptions = (q = '') => {
  const key = requirementKeys.marketplace(q)
  return pagedQueryOptions(key, (init) => api.GET('/api/marketplace/requirements', { params: { query: key[1] }, ...init }))
}

/** Marketplace requirements matching a server-side search (all when blank); the previous results stay while a new search loads. */
export function useMarketplaceRequirements(q = '', { enabled = true }: { enabled?: boolean } = {}) {
  return useInfiniteQuery({ ...marketplaceRequirementsQueryOptions(q), enabled, placeholderData: keepPreviousData })
}
