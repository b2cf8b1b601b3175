import { useQuery } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api-client'
import { apiMutation } from '@/lib/api-mutation'
import type { components } from '@/lib/api-types'

export type ReraQueueItem = components['schemas']['ReraQueueItem']
export type ReraStatus = 'pending' | 'approved' | 'rejected' | 'lapsed' | 'superseded' | 'all'

export const reraReviewKeys = {
  queue: (status: ReraStatus) => ['/api/admin/rera', status] as const,
}

/** GET /api/admin/rera?status=: the review queue, oldest submission first. */
export function useReraQueue(status: ReraStatus) {
  return useQuery({
    queryKey: reraReviewKeys.queue(status),
    queryFn: ({ signal }) => unwrap(api.GET('/api/admin/rera', { params: { query: { status } }, signal })),
  })
}

/** POST /api/admin/rera/{id}/approve: the agent gets the badge (audited). */
export const approveRera = apiMutation({
  mutationFn: (id: number) => unwrap(api.POST('/api/admin/rera/{id}/approve', { params: { path: { id } } })),
  invalidates: ['/api/admin'],
})

/** POST /api/admin/rera/{id}/reject with the reason the agent sees (audited). */
export const rejectRera = apiMutation({
  mutationFn: ({ id, reason }: { id: number; reason: string }) =>
    unwrap(api.POST('/api/admin/rera/{id}/reject', { params: { path: { id } }, body: { reason } })),
  invalidates: ['/api/admin'],
})
