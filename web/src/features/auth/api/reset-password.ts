import { useMutation, type UseMutationOptions } from '@tanstack/react-query'
import { apiRequest, type ApiError } from '@/lib/api-client'
import type { MessageResponse, ResetPasswordRequest } from '@/lib/api-schemas'

/** POST /api/reset-password: sets the new password with a valid code. */
export function resetPassword(body: ResetPasswordRequest) {
  return apiRequest<MessageResponse>('POST', '/api/reset-password', body)
}

export function useResetPassword(options?: Omit<UseMutationOptions<MessageResponse, ApiError, ResetPasswordRequest>, 'mutationFn'>) {
  return useMutation({ mutationKey: ['/api/reset-password'], mutationFn: resetPassword, ...options })
}
