import { useMutation, type UseMutationOptions } from '@tanstack/react-query'
import { apiRequest, type ApiError } from '@/lib/api-client'
import type { RegisterRequest, User } from '@/lib/api-schemas'

/** POST /api/register: creates the account (phone must be verified) and signs in. */
export function register(body: RegisterRequest) {
  return apiRequest<User>('POST', '/api/register', body)
}

export function useRegister(options?: Omit<UseMutationOptions<User, ApiError, RegisterRequest>, 'mutationFn'>) {
  return useMutation({ mutationKey: ['/api/register'], mutationFn: register, ...options })
}
