import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import type { components } from '@/lib/api-types'
import { pagedQueryOptions } from '@/lib/paged-query'

export type Dispute = components['schemas']['Dispute']
export type DisputeStatus = Dispute['status']

export const disputeKeys = {
  list: (status: DisputeStatus) => ['/api/admin/disputes', { status }] as const,
}

/** GET /api/admin/disputes?status=: the deal disputes, open or resolved, newest first (paged). */
export function useAdminDisputes(status: DisputeStatus) {
  const key = disputeKeys.list(status)
  return useInfiniteQuery({
    ...pagedQueryOptions(key, (init) => api.GET('/api/admin/disputes', { params: { query: key[1] }, ...init })),
    placeholderData: keepPreviousData,
  })
}
