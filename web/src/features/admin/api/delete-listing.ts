import { api, unwrap } from '@/lib/api-client'
import { apiMutation } from '@/lib/api-mutation'
import { adminFamilies } from '@/features/admin/api/get-admin-data'

/** DELETE /api/properties/{id} as an admin: the owner's delete, audited. */
export const adminDeleteProperty = apiMutation({
  mutationFn: (id: number) => unwrap(api.DELETE('/api/properties/{id}', { params: { path: { id } } })),
  invalidates: [...adminFamilies, '/api/properties', '/api/matches'],
})

/** DELETE /api/requirements/{id} as an admin: the owner's delete, audited. */
export const adminDeleteRequirement = apiMutation({
  mutationFn: (id: number) => unwrap(api.DELETE('/api/requirements/{id}', { params: { path: { id } } })),
  invalidates: [...adminFamilies, '/api/requirements', '/api/matches'],
})
