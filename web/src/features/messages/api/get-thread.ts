import { useInfiniteQuery } from '@tanstack/react-query'
import type { Message } from '@/lib/api-schemas'
import { pagedQueryOptions } from '@/lib/paged-query'
import { messageKeys } from '@/features/messages/api/message-keys'

/** GET /api/messages?with=, page by page: the conversation with one user, newest first (later pages are older). */
export const threadQueryOptions = (withUserId: number) => pagedQueryOptions<Message>(messageKeys.thread(withUserId))

export function useThread(withUserId: number) {
  return useInfiniteQuery(threadQueryOptions(withUserId))
}
