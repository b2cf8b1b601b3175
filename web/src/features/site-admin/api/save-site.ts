import { api, unwrap } from '@/lib/api-client'
import { apiMutation } from '@/lib/api-mutation'
import type { SiteContentUpdate } from '@/shared/site'

/** PUT /api/admin/site: saves the parts given; the landing page's content is then stale. */
export const saveSite = apiMutation({
  mutationFn: (body: SiteContentUpdate) => unwrap(api.PUT('/api/admin/site', { body })),
  invalidates: ['/api/site'],
})
