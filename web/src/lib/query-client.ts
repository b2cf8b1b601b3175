import { QueryClient } from '@tanstack/react-query'
import type { ApiError } from '@/lib/api-client'

/** The spec's data-fetching defaults (part 1 section 7). Every query brings its own typed queryFn. */
export const queryDefaults = {
  queries: {
    retry: false,
    refetchOnWindowFocus: true,
    staleTime: 0,
    refetchInterval: false,
    gcTime: 5 * 60 * 1000,
  },
  mutations: { retry: false },
} as const

/** Creates a QueryClient with the spec's defaults (a fresh one per test). */
export function createQueryClient() {
  return new QueryClient({ defaultOptions: queryDefaults })
}

export const queryClient = createQueryClient()

declare module '@tanstack/react-query' {
  interface Register {
    defaultError: ApiError
  }
}
