import { api, unwrap } from '@/lib/api-client'
import { apiMutation } from '@/lib/api-mutation'
import { settingsKeys } from '@/features/settings/api/get-sessions'

/** DELETE /api/user/sessions/{id}. */
export const endSession = apiMutation({
  mutationFn: (id: number) => unwrap(api.DELETE('/api/user/sessions/{id}', { params: { path: { id } } })),
  invalidates: settingsKeys.sessions(),
})

/** POST /api/user/sessions/sign-out-others. */
export const endOtherSessions = apiMutation({
  mutationFn: () => unwrap(api.POST('/api/user/sessions/sign-out-others')),
  invalidates: settingsKeys.sessions(),
})
