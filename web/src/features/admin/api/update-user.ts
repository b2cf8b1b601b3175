import { api, unwrap } from '@/lib/api-client'
import { apiMutation } from '@/lib/api-mutation'
import type { components, operations } from '@/lib/api-types'
import { adminFamilies } from '@/features/admin/api/get-admin-data'

export type AdminUserPatch = components['schemas']['AdminUserPatch']
type RoleBody = operations['setAdminUserRole']['requestBody']['content']['application/json']

/** PATCH /api/admin/users/{id}/role. */
export const setUserRole = apiMutation({
  mutationFn: ({ id, role }: { id: number; role: RoleBody['role'] }) =>
    unwrap(api.PATCH('/api/admin/users/{id}/role', { params: { path: { id } }, body: { role } })),
  invalidates: adminFamilies,
})

/** PATCH /api/admin/users/{id}: the Edit User Information dialog. */
export const editUser = apiMutation({
  mutationFn: ({ id, body }: { id: number; body: AdminUserPatch }) =>
    unwrap(api.PATCH('/api/admin/users/{id}', { params: { path: { id } }, body })),
  invalidates: adminFamilies,
})

/** POST /api/admin/users/{id}/deactivate or /reactivate. */
export const setUserActive = apiMutation({
  mutationFn: ({ id, active }: { id: number; active: boolean }) =>
    active
      ? unwrap(api.POST('/api/admin/users/{id}/reactivate', { params: { path: { id } } }))
      : unwrap(api.POST('/api/admin/users/{id}/deactivate', { params: { path: { id } } })),
  invalidates: adminFamilies,
})
