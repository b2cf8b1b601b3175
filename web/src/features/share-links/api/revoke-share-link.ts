import { api, unwrap } from '@/lib/api-client'
import { apiMutation } from '@/lib/api-mutation'

/** DELETE /api/share-links/{id}: the link's page answers "This link has expired" from now on. */
export const revokeShareLink = apiMutation({
  mutationFn: (id: number) => unwrap(api.DELETE('/api/share-links/{id}', { params: { path: { id } } })),
  invalidates: ['/api/share-links'],
})
