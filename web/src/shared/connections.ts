import { api, unwrap } from '@/lib/api-client'
import { apiMutation } from '@/lib/api-mutation'
import type { ConnectionRequest } from '@/lib/api-schemas'
import { changedFamilies } from '@/lib/query-families'

/** POST /api/connections: a new pending request; 409 when a pending or accepted one exists. */
export const sendConnectionRequest = apiMutation({
  mutationFn: (body: ConnectionRequest) => unwrap(api.POST('/api/connections', { body })),
  invalidates: changedFamilies.connections,
})
