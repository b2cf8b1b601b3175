import { useQuery } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api-client'
import type { components } from '@/lib/api-types'
import { REFRESH_MS, securityKeys } from '@/features/security/api/get-security-events'

export type SuspiciousIp = components['schemas']['SuspiciousIp']

/** GET /api/security/ips: the suspicious addresses of the last 7 days, ranked. */
export function useSuspiciousIps() {
  return useQuery({
    queryKey: securityKeys.ips(),
    queryFn: ({ signal }) => unwrap(api.GET('/api/security/ips', { signal })),
    refetchInterval: REFRESH_MS,
  })
}
