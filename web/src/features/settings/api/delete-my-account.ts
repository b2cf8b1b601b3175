import { api, unwrap } from '@/lib/api-client'
import { apiMutation } from '@/lib/api-mutation'

/** POST /api/user/delete: deletes the account once the password proves it is the agent; the session ends. */
export const deleteMyAccount = apiMutation({
  mutationFn: (password: string) => unwrap(api.POST('/api/user/delete', { body: { password } })),
})
