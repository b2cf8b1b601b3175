import { useMutation, type UseMutationOptions } from '@tanstack/react-query'
import { apiRequest, type ApiError } from '@/lib/api-client'
import type { MessageResponse, SendResetCodeRequest } from '@/lib/api-schemas'

/** POST /api/send-reset-code: emails a reset code (same answer whether or not the account exists). */
export function sendResetCode(body: SendResetCodeRequest) {
  return apiRequest<MessageResponse>('POST', '/api/send-reset-code', body)
}

export function useSendResetCode(options?: Omit<UseMutationOptions<MessageResponse, ApiError, SendResetCodeRequest>, 'mutationFn'>) {
  return useMutation({ mutationKey: ['/api/send-reset-code'], mutationFn: sendResetCode, ...options })
}
