import type { QueryClient, QueryKey } from '@tanstack/react-query'

/** Path prefixes whose data changes when a listing is saved or deleted. */
const AFFECTED_PREFIXES = ['/api/properties', '/api/dashboard/stats', '/api/matches', '/api/marketplace']

/** The key's path: its string and number elements joined with slashes. */
function keyPath(queryKey: QueryKey) {
  return queryKey.filter((part) => typeof part === 'string' || typeof part === 'number').join('/')
}

/** True for the key families a listing write makes stale (lists, stats, matches, marketplace). */
export function isPropertyDependentKey(queryKey: QueryKey) {
  const path = keyPath(queryKey)
  return AFFECTED_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`)) || /\/matches(\/|$)/.test(path)
}

/** Refetches everything that depends on the caller's listings (matches are recomputed on write). */
export function invalidatePropertyData(queryClient: QueryClient) {
  return queryClient.invalidateQueries({ predicate: (query) => isPropertyDependentKey(query.queryKey) })
}
