import { useInfiniteQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { pagedQueryOptions } from '@/lib/paged-query'
import { messageKeys } from '@/features/messages/api/get-conversations'

/** GET /api/messages?with=, page by page: the conversation with one user, newest first (later pages are older). */
export const threadQueryOptions = (withUserId: number) =>
  pagedQueryOptions(messageKeys.thread(withUserId), (init) =>
    api.GET('/api/messages', { params: { query: { with: withUserId } }, ...init }),
  )

export function useThread(withUserId: number) {
  return useInfiniteQuery(threadQueryOptions(withUserId))
}
