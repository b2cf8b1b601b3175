import { useMutation, type UseMutationOptions } from '@tanstack/react-query'
import { apiRequest, type ApiError } from '@/lib/api-client'
import type { VerifyOtpRequest, VerifyOtpResponse } from '@/lib/api-schemas'

/** POST /api/verify-otp: marks the phone verified when the code matches. */
export function verifyOtp(body: VerifyOtpRequest) {
  return apiRequest<VerifyOtpResponse>('POST', '/api/verify-otp', body)
}

export function useVerifyOtp(options?: Omit<UseMutationOptions<VerifyOtpResponse, ApiError, VerifyOtpRequest>, 'mutationFn'>) {
  return useMutation({ mutationKey: ['/api/verify-otp'], mutationFn: verifyOtp, ...options })
}
