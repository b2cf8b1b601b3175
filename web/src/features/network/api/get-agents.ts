import { useInfiniteQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { pagedQueryOptions } from '@/lib/paged-query'
import { networkKeys } from '@/features/network/api/get-connections'

/** GET /api/agents?q=, page by page: every other active agent, each with the latest connection to the caller. */
export const agentsQueryOptions = (q: string) => {
  const key = networkKeys.agents(q)
  return pagedQueryOptions(key, (init) => api.GET('/api/agents', { params: { query: key[1] }, ...init }))
}

export function useAgents(q: string) {
  return useInfiniteQuery(agentsQueryOptions(q))
}
