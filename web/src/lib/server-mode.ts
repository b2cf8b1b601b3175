import { queryOptions, useQuery } from '@tanstack/react-query'

export type ServerMode = 'development' | 'production'

/**
 * The server's mode (docs/product.md#development-and-production-mode), as the server itself shows
 * it: the development outbox route exists only in development mode (404 in production; 200 or, for
 * a browser on another machine, 403 in development). A HEAD request reads no messages. The web
 * bundle is the same in both modes, so a build-time flag could not tell them apart.
 */
export async function fetchServerMode(fetcher: typeof fetch = fetch): Promise<ServerMode> {
  const response = await fetcher('/api/dev/outbox', { method: 'HEAD', credentials: 'same-origin' })
  return response.status === 404 ? 'production' : 'development'
}

export const serverModeQueryOptions = () =>
  queryOptions({ queryKey: ['/api/dev/outbox', 'mode'] as const, queryFn: () => fetchServerMode(), staleTime: Infinity, retry: 1 })

export function useServerMode() {
  return useQuery(serverModeQueryOptions())
}
