import { api, unwrap } from '@/lib/api-client'
import { apiMutation } from '@/lib/api-mutation'
import type { components } from '@/lib/api-types'

export type ProfileUpdate = components['schemas']['ProfileUpdate']

/** PUT /api/user/profile: the saved user; '/api/user' refreshes the signed-in user and the stats. */
export const updateProfile = apiMutation({
  mutationFn: (body: ProfileUpdate) => unwrap(api.PUT('/api/user/profile', { body })),
  invalidates: ['/api/user'],
})
