import { useQuery } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api-client'
import type { components } from '@/lib/api-types'
import { securityKeys } from '@/features/security/api/get-security-events'

export type ProtectionStatus = components['schemas']['ProtectionStatus']

/** GET /api/security/protection: the settings the server runs with. */
export function useProtection() {
  return useQuery({
    queryKey: securityKeys.protection(),
    queryFn: ({ signal }) => unwrap(api.GET('/api/security/protection', { signal })),
  })
}
