import { useQuery } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api-client'

/** GET /api/version: the running build (release name, else its commit). */
export function useVersion() {
  return useQuery({
    queryKey: ['/api/version'],
    queryFn: ({ signal }) => unwrap(api.GET('/api/version', { signal })),
    staleTime: Infinity,
  })
}

/** The server's version of a build of uncommitted changes (never "-dirty"). */
export const DEVELOPMENT_BUILD = 'development build'

/** How a page names the running build: 'PropMatch version v1.2.0', or 'PropMatch development build'. */
export function versionLabel(version: string) {
  return version === DEVELOPMENT_BUILD ? 'PropMatch development build' : `PropMatch version ${version}`
}
