import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api-client'
import { messageKeys } from '@/features/messages/api/get-conversations'

/** GET /api/messages?limit=N: the caller's N newest messages, sent or received. */
export const recentMessagesQueryOptions = (limit: number) =>
  queryOptions({
    queryKey: messageKeys.recent(limit),
    queryFn: ({ signal }) => unwrap(api.GET('/api/messages', { params: { query: { limit } }, signal })),
  })

export function useRecentMessages(limit: number) {
  return useQuery(recentMessagesQueryOptions(limit))
}
