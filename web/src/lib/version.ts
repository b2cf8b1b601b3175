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
