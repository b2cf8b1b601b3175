import { api, unwrap } from '@/lib/api-client'
import { apiMutation } from '@/lib/api-mutation'
import type { components } from '@/lib/api-types'

export type IpBlockInput = components['schemas']['IpBlockInput']

/** What a block or a lift makes stale: the lists and the addresses' blocked flags (and the admin action it records). */
const securityFamilies = ['/api/security/blocks', '/api/security/ips', '/api/security/events', '/api/security/events/recent']

/** POST /api/security/blocks. */
export const addBlock = apiMutation({
  mutationFn: (body: IpBlockInput) => unwrap(api.POST('/api/security/blocks', { body })),
  invalidates: securityFamilies,
})

/** DELETE /api/security/blocks/{id}. */
export const liftBlock = apiMutation({
  mutationFn: (id: number) => unwrap(api.DELETE('/api/security/blocks/{id}', { params: { path: { id } } })),
  invalidates: securityFamilies,
})
