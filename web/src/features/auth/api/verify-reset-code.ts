import { useMutation, type UseMutationOptions } from '@tanstack/react-query'
import { apiRequest, type ApiError } from '@/lib/api-client'
import type { VerifyResetCodeRequest, VerifyResetCodeResponse } from '@/lib/api-schemas'

/** POST /api/verify-reset-code: checks a reset code without using it up. */
export function verifyResetCode(body: VerifyResetCodeRequest) {
  return apiRequest<VerifyResetCodeResponse>('POST', '/api/verify-reset-code', body)
}

export function useVerifyResetCode(
  options?: Omit<UseMutationOptions<VerifyResetCodeResponse, ApiError, VerifyResetCodeRequest>, 'mutationFn'>,
) {
  return useMutation({ mutationKey: ['/api/verify-reset-code'], mutationFn: verifyResetCode, ...options })
}
