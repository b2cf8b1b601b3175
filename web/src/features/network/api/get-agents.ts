import { useInfiniteQuery } from '@tanstack/react-query'
import type { DirectoryAgent } from '@/lib/api-schemas'
import { pagedQueryOptions } from '@/lib/paged-query'
import { networkKeys } from '@/features/network/api/network-keys'

/** GET /api/agents?q=, page by page: every other active agent, each with the latest connection to the caller. */
export const agentsQueryOptions = (q: string) => pagedQueryOptions<DirectoryAgent>(networkKeys.agents(q))

export function useAgents(q: string) {
  return useInfiniteQuery(agentsQueryOptions(q))
}
