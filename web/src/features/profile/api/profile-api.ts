import { useQuery } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api-client'
import { apiMutation } from '@/lib/api-mutation'
import type { components } from '@/lib/api-types'

export type UserStats = components['schemas']['UserStats']
export type ProfileUpdate = components['schemas']['ProfileUpdate']

export const profileKeys = {
  stats: () => ['/api/user/stats'] as const,
}

/** GET /api/user/stats: Properties Listed and Successful Matches. */
export function useUserStats() {
  return useQuery({ queryKey: profileKeys.stats(), queryFn: ({ signal }) => unwrap(api.GET('/api/user/stats', { signal })) })
}

/** PUT /api/user/profile: the saved user; '/api/user' refreshes the signed-in user and the stats. */
export const updateProfile = apiMutation({
  mutationFn: (body: ProfileUpdate) => unwrap(api.PUT('/api/user/profile', { body })),
  invalidates: ['/api/user'],
})
