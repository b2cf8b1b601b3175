import { api, unwrap } from '@/lib/api-client'
import { apiMutation } from '@/lib/api-mutation'

/** POST /api/user/resend-verification: a new link to the caller's unverified email (at most 3 an hour). */
export const resendVerification = apiMutation({
  mutationFn: () => unwrap(api.POST('/api/user/resend-verification')),
})

/** POST /api/user/verify-email: confirms the email the link's token was sent to; '/api/user' refreshes. */
export const verifyEmail = apiMutation({
  mutationFn: (token: string) => unwrap(api.POST('/api/user/verify-email', { body: { token } })),
  invalidates: ['/api/user'],
})
