import { describe, expect, it } from 'vitest'
import { createQueryClient } from '@/lib/query-client'

describe('query client defaults (docs/product.md#data-fetching)', () => {
  it('never retries, refetches on focus, is stale at once, does not poll and keeps 5 minutes', () => {
    const defaults = createQueryClient().getDefaultOptions()
    expect(defaults.queries).toMatchObject({
      retry: false,
      refetchOnWindowFocus: true,
      staleTime: 0,
      refetchInterval: false,
      gcTime: 300_000,
    })
    expect(defaults.mutations).toMatchObject({ retry: false })
  })
})
