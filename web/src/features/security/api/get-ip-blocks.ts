import { useInfiniteQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import type { components } from '@/lib/api-types'
import { pagedQueryOptions } from '@/lib/paged-query'
import { REFRESH_MS, securityKeys } from '@/features/security/api/get-security-events'

export type IpBlock = components['schemas']['IpBlock']

/** GET /api/security/blocks: the block list, newest first. */
export function useBlocks() {
  return useInfiniteQuery({
    ...pagedQueryOptions(securityKeys.blocks(), (init) => api.GET('/api/security/blocks', init)),
    refetchInterval: REFRESH_MS,
  })
}
