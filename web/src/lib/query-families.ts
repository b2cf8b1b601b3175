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
