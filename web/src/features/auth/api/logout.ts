import { useMutation, type UseMutationOptions } from '@tanstack/react-query'
import { apiRequest, type ApiError } from '@/lib/api-client'

/** POST /api/logout: ends the session; the body is not read. */
export async function logout() {
  await apiRequest<unknown>('POST', '/api/logout')
}

export function useLogout(options?: Omit<UseMutationOptions<void, ApiError, void>, 'mutationFn'>) {
  return useMutation({ mutationKey: ['/api/logout'], mutationFn: logout, ...options })
}
