import { queryOptions, useQuery } from '@tanstack/react-query'
import { getQueryFn } from '@/lib/api-client'
import type { User } from '@/lib/api-schemas'

/** Query keys of the signed-in user. */
export const userKeys = {
  current: () => ['/api/user'] as const,
}

/** GET /api/user; a 401 (signed out) resolves to null instead of failing. */
export const getUser = getQueryFn<User | null>({ on401: 'returnNull' })

export const userQueryOptions = () =>
  queryOptions({
    queryKey: userKeys.current(),
    queryFn: getUser,
  })

/** The signed-in user, null when signed out. */
export function useUser() {
  return useQuery(userQueryOptions())
}
