import { useInfiniteQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { pagedQueryOptions } from '@/lib/paged-query'

/** Query keys of the caller's ledger: inside the '/api/billing' family, so a payment or an unlock refreshes it. */
export const ledgerKeys = { list: () => ['/api/billing/ledger'] as const }

/** GET /api/billing/ledger, page by page, newest first. */
export const ledgerQueryOptions = () => pagedQueryOptions(ledgerKeys.list(), (init) => api.GET('/api/billing/ledger', init))

export function useLedger({ enabled = true }: { enabled?: boolean } = {}) {
  return useInfiniteQuery({ ...ledgerQueryOptions(), enabled })
}
