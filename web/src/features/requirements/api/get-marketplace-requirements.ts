import { queryOptions, useQuery } from '@tanstack/react-query'
import { getQueryFn } from '@/lib/api-client'
import type { PublicRequirement } from '@/lib/api-schemas'
import { requirementKeys } from '@/features/requirements/api/requirement-keys'

/** GET /api/marketplace/requirements?q=: every agent's active requirements, without client contact. */
export const getMarketplaceRequirements = getQueryFn<PublicRequirement[]>({ on401: 'throw' })

export const marketplaceRequirementsQueryOptions = (q = '') =>
  queryOptions({
    queryKey: requirementKeys.marketplace(q),
    queryFn: getMarketplaceRequirements,
  })

/** Marketplace requirements matching a free-text search (all when blank). */
export function useMarketplaceRequirements(q = '') {
  return useQuery(marketplaceRequirementsQueryOptions(q))
}
