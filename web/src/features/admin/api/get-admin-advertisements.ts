import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api-client'
import type { components } from '@/lib/api-types'
import { adminKeys } from '@/features/admin/api/get-admin-data'

export type Advertisement = components['schemas']['Advertisement']

/** GET /api/admin/advertisements: every advert, inactive ones too. */
export function useAdminAdvertisements() {
  return useQuery(
    queryOptions({
      queryKey: adminKeys.advertisements(),
      queryFn: ({ signal }) => unwrap(api.GET('/api/admin/advertisements', { signal })),
    }),
  )
}
