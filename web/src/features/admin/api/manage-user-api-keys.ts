import { useQuery } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api-client'
import { apiMutation } from '@/lib/api-mutation'
import type { components } from '@/lib/api-types'
import { adminFamilies } from '@/features/admin/api/get-admin-data'

export type AdminApiKey = components['schemas']['ApiKey']

/** Inside the '/api/admin' family, so admin writes refresh it. */
export const adminApiKeyKeys = {
  user: (id: number) => ['/api/admin/users/api-keys', { id }] as const,
}

/** GET /api/admin/users/{id}/api-keys: an agent's keys, never their secret. */
export function useAdminApiKeys(id: number | null) {
  return useQuery({
    queryKey: adminApiKeyKeys.user(id ?? 0),
    queryFn: ({ signal }) => unwrap(api.GET('/api/admin/users/{id}/api-keys', { params: { path: { id: id ?? 0 } }, signal })),
    enabled: id !== null,
  })
}

/** DELETE /api/admin/api-keys/{id} (audited). */
export const adminRevokeApiKey = apiMutation({
  mutationFn: (id: number) => unwrap(api.DELETE('/api/admin/api-keys/{id}', { params: { path: { id } } })),
  invalidates: adminFamilies,
})
