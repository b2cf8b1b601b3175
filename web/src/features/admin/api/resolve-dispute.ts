import { api, unwrap } from '@/lib/api-client'
import { apiMutation } from '@/lib/api-mutation'
import { adminFamilies } from '@/features/admin/api/get-admin-data'

/** POST /api/admin/disputes/{id}/resolve: closes agreement id's open dispute with the admin's note (audited). */
export const resolveDispute = apiMutation({
  mutationFn: ({ id, note }: { id: number; note: string }) =>
    unwrap(api.POST('/api/admin/disputes/{id}/resolve', { params: { path: { id } }, body: { note } })),
  invalidates: [...adminFamilies, '/api/agreements'],
})
