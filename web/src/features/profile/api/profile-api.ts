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

/** POST /api/user/resend-verification: a new link to the caller's unverified email (at most 3 an hour). */
export const resendVerification = apiMutation({
  mutationFn: () => unwrap(api.POST('/api/user/resend-verification')),
})

/** POST /api/user/verify-email: confirms the email the link's token was sent to; '/api/user' refreshes. */
export const verifyEmail = apiMutation({
  mutationFn: (token: string) => unwrap(api.POST('/api/user/verify-email', { body: { token } })),
  invalidates: ['/api/user'],
})
