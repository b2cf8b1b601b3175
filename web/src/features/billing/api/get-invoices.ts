import { useInfiniteQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { pagedQueryOptions } from '@/lib/paged-query'

/** Query keys of the caller's invoices (inside the '/api/billing' family). */
export const invoiceKeys = { list: () => ['/api/billing/invoices'] as const }

/** GET /api/billing/invoices, page by page, newest first. */
export const invoicesQueryOptions = () => pagedQueryOptions(invoiceKeys.list(), (init) => api.GET('/api/billing/invoices', init))

export function useInvoices({ enabled = true }: { enabled?: boolean } = {}) {
  return useInfiniteQuery({ ...invoicesQueryOptions(), enabled })
}

/** The invoice's PDF (owner only; the server names the file). */
export function invoicePdfUrl(id: number) {
  return `/api/billing/invoices/${id}/pdf`
}
