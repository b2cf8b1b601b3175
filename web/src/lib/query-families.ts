import type { QueryClient, QueryKey } from '@tanstack/react-query'

/**
 * True when a query key belongs to the family named by a path: its first element
 * is the path itself or a sub-path of it ('/api/marketplace' covers
 * '/api/marketplace/requirements').
 */
export function inFamily(queryKey: QueryKey, family: string) {
  const head = String(queryKey[0] ?? '')
  return head === family || head.startsWith(`${family}/`)
}

/** Marks every query of the given path families stale and refetches the active ones. */
export function invalidateFamilies(queryClient: QueryClient, families: readonly string[]) {
  return queryClient.invalidateQueries({
    predicate: (query) => families.some((family) => inFamily(query.queryKey, family)),
  })
}

/**
 * The query families a change makes stale, one owner for the writes of the app and the live events
 * alike (docs/product.md#data-fetching, docs/product.md#live-events). '/api/messages' covers threads, recent messages,
 * conversations and the unread count.
 */
export const changedFamilies = {
  messages: ['/api/messages', '/api/dashboard/stats'],
  connections: ['/api/connections', '/api/agents', '/api/messages/conversations', '/api/dashboard/stats'],
  matches: ['/api/matches', '/api/dashboard/stats'],
  /** A message about a match also marks the sender's side of the match contacted. */
  matchMessages: ['/api/messages', '/api/dashboard/stats', '/api/matches'],
  requirements: ['/api/requirements', '/api/dashboard/stats', '/api/matches', '/api/marketplace'],
  /** Enrolments, module completion and course edits: courses (counts, progress), enrolments, certificates. */
  training: ['/api/courses', '/api/enrollments', '/api/certificates', '/api/dashboard/stats'],
} as const satisfies Record<string, readonly string[]>
