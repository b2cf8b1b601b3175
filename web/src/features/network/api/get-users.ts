import { queryOptions, useQuery } from '@tanstack/react-query'
import { getQueryFn } from '@/lib/api-client'
import type { AgentSummary } from '@/lib/api-schemas'
import { networkKeys } from '@/features/network/api/network-keys'

/** GET /api/users?ids=: the name cards of the given users (unknown ids are left out). */
export const getUsers = getQueryFn<AgentSummary[]>({ on401: 'throw' })

export const usersQueryOptions = (ids: readonly number[]) =>
  queryOptions({
    queryKey: networkKeys.users(ids),
    queryFn: getUsers,
  })

/** Idle for an empty id list. */
export function useUsers(ids: readonly number[]) {
  return useQuery({ ...usersQueryOptions(ids), enabled: ids.length > 0 })
}
