import { useQuery } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api-client'
import type { components } from '@/lib/api-types'

export type UserStats = components['schemas']['UserStats']

export const profileKeys = {
  stats: () => ['/api/user/stats'] as const,
}

/** GET /api/user/stats: Properties Listed and Successful Matches. */
export function useUserStats() {
  return useQuery({ queryKey: profileKeys.stats(), queryFn: ({ signal }) => unwrap(api.GET('/api/user/stats', { signal })) })
}
