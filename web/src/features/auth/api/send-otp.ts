import { useMutation, type UseMutationOptions } from '@tanstack/react-query'
import { apiRequest, type ApiError } from '@/lib/api-client'
import type { SendOtpRequest, SendOtpResponse } from '@/lib/api-schemas'

/** POST /api/send-otp: sends a 6-digit code; in development the answer carries the code. */
export function sendOtp(body: SendOtpRequest) {
  return apiRequest<SendOtpResponse>('POST', '/api/send-otp', body)
}

export function useSendOtp(options?: Omit<UseMutationOptions<SendOtpResponse, ApiError, SendOtpRequest>, 'mutationFn'>) {
  return useMutation({ mutationKey: ['/api/send-otp'], mutationFn: sendOtp, ...options })
}
