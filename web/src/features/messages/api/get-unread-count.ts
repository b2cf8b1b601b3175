import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api-client'
import { messageKeys } from '@/features/messages/api/get-conversations'

/** The unread count is polled every 30 s (docs/product.md#data-fetching), behind the live events. */
export const UNREAD_POLL_MS = 30_000

/** GET /api/messages/unread-count: how many messages to the caller are unread. */
export const unreadCountQueryOptions = () =>
  queryOptions({
    queryKey: messageKeys.unreadCount(),
    queryFn: ({ signal }) => unwrap(api.GET('/api/messages/unread-count', { signal })),
    refetchInterval: UNREAD_POLL_MS,
  })

/** Idle while signed out. */
export function useUnreadCount({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...unreadCountQueryOptions(), enabled })
}
