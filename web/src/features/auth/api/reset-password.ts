import { api, unwrap } from '@/lib/api-client'
import { apiMutation } from '@/lib/api-mutation'
import type { ResetPasswordRequest, SendResetCodeRequest, VerifyResetCodeRequest } from '@/lib/api-schemas'

/** POST /api/send-reset-code: emails a reset code (same answer whether or not the account exists). */
export const sendResetCode = apiMutation({
  mutationFn: (body: SendResetCodeRequest) => unwrap(api.POST('/api/send-reset-code', { body })),
})

/** POST /api/verify-reset-code: checks a reset code without using it up. */
export const verifyResetCode = apiMutation({
  mutationFn: (body: VerifyResetCodeRequest) => unwrap(api.POST('/api/verify-reset-code', { body })),
})

/** POST /api/reset-password: sets the new password with a valid code. */
export const resetPassword = apiMutation({
  mutationFn: (body: ResetPasswordRequest) => unwrap(api.POST('/api/reset-password', { body })),
})
