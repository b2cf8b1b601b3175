import { api, unwrap } from '@/lib/api-client'
import { apiMutation } from '@/lib/api-mutation'
import { adminFamilies } from '@/features/admin/api/get-admin-data'

/** POST /api/admin/duplicates/{id}/split: the cluster holding listing id is not a duplicate, for good (audited). */
export const splitDuplicates = apiMutation({
  mutationFn: (id: number) => unwrap(api.POST('/api/admin/duplicates/{id}/split', { params: { path: { id } } })),
  invalidates: [...adminFamilies, '/api/matches'],
})
