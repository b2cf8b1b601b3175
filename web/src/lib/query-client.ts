import { QueryClient } from '@tanstack/react-query'
import type { ApiError } from '@/lib/api-client'

/** The data-fetching defaults (docs/product.md#data-fetching). Every query brings its own typed queryFn. */
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

/** Creates a QueryClient with the product's defaults (docs/product.md#data-fetching) (a fresh one per test). */
export function createQueryClient() {
  return new QueryClient({ defaultOptions: queryDefaults })
}

export const queryClient = createQueryClient()

declare module '@tanstack/react-query' {
  interface Register {
    defaultError: ApiError
  }
}
