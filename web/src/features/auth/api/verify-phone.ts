import { api, unwrap } from '@/lib/api-client'
import { apiMutation } from '@/lib/api-mutation'
import type { SendOtpRequest, VerifyOtpRequest } from '@/lib/api-schemas'

/** POST /api/send-otp: sends a 6-digit code; in development the answer carries the code. */
export const sendOtp = apiMutation({
  mutationFn: (body: SendOtpRequest) => unwrap(api.POST('/api/send-otp', { body })),
})

/** POST /api/verify-otp: marks the phone verified when the code matches. */
export const verifyOtp = apiMutation({
  mutationFn: (body: VerifyOtpRequest) => unwrap(api.POST('/api/verify-otp', { body })),
})
