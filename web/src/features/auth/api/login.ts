import { useMutation, type UseMutationOptions } from '@tanstack/react-query'
import { apiRequest, type ApiError } from '@/lib/api-client'
import type { LoginRequest, User } from '@/lib/api-schemas'

/** POST /api/login: username, phone or email plus password; answers the user. */
export function login(body: LoginRequest) {
  return apiRequest<User>('POST', '/api/login', body)
}

export function useLogin(options?: Omit<UseMutationOptions<User, ApiError, LoginRequest>, 'mutationFn'>) {
  return useMutation({ mutationKey: ['/api/login'], mutationFn: login, ...options })
}
