import { api, unwrap } from '@/lib/api-client'
import { apiMutation } from '@/lib/api-mutation'
import type { components } from '@/lib/api-types'
import { settingsKeys } from '@/features/settings/api/get-sessions'

export type PasswordChange = components['schemas']['PasswordChange']

/** POST /api/user/password: every other session ends, so the list is stale. */
export const changePassword = apiMutation({
  mutationFn: (body: PasswordChange) => unwrap(api.POST('/api/user/password', { body })),
  invalidates: settingsKeys.sessions(),
})
