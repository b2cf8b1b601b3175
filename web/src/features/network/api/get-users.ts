import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api-client'
import { networkKeys } from '@/features/network/api/get-connections'

/** GET /api/users?ids=: the name cards of the given users (unknown ids are left out). */
export const usersQueryOptions = (ids: readonly number[]) => {
  const key = networkKeys.users(ids)
  return queryOptions({
    queryKey: key,
    queryFn: ({ signal }) => unwrap(api.GET('/api/users', { params: { query: key[1] }, signal })),
  })
}

/** Idle for an empty id list. */
export function useUsers(ids: readonly number[]) {
  return useQuery({ ...usersQueryOptions(ids), enabled: ids.length > 0 })
}
