import { queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { api, ApiError, unwrap } from '@/lib/api-client'
import type { components } from '@/lib/api-types'
import { pagedQueryOptions } from '@/lib/paged-query'

type Schemas = components['schemas']
export type AdminBillingPlan = Schemas['BillingPlan']
export type AdminBillingPlanInput = Schemas['BillingPlanInput']
export type AdminCreditPack = Schemas['CreditPack']
export type AdminInvoice = Schemas['InvoiceDetail']

/** Query keys of billing administration (inside the '/api/admin' family, so admin writes refresh them). */
export const adminBillingKeys = {
  plans: () => ['/api/admin/billing/plans'] as const,
  packs: () => ['/api/admin/billing/packs'] as const,
  invoices: () => ['/api/admin/billing/invoices'] as const,
}

/** null for the 404 every billing route answers while billing is off. */
async function orOff<T>(call: Promise<T>): Promise<T | null> {
  try {
    return await call
  } catch (e) {
    if (e instanceof ApiError && e.status === 404) return null
    throw e
  }
}

/** GET /api/admin/billing/plans: the three plans as the admin edits them; null when billing is off. */
export const adminBillingPlansQuery = () =>
  queryOptions({
    queryKey: adminBillingKeys.plans(),
    queryFn: ({ signal }) => orOff(unwrap(api.GET('/api/admin/billing/plans', { signal }))),
  })

export function useAdminBillingPlans() {
  return useQuery(adminBillingPlansQuery())
}

/** GET /api/admin/billing/packs: every pack, retired ones too; null when billing is off. */
export function useAdminBillingPacks() {
  return useQuery(
    queryOptions({
      queryKey: adminBillingKeys.packs(),
      queryFn: ({ signal }) => orOff(unwrap(api.GET('/api/admin/billing/packs', { signal }))),
    }),
  )
}

/** GET /api/admin/billing/invoices, page by page, newest first. */
export function useAdminInvoices() {
  return useInfiniteQuery(
    pagedQueryOptions(
      adminBillingKeys.invoices(),
      // The JSON answer: the route's other answer is the CSV, asked for with format=csv (adminInvoicesCsvUrl).
      (init) => api.GET('/api/admin/billing/invoices', init) as Promise<{ data?: AdminInvoice[]; response: Response }>,
    ),
  )
}

/** Every invoice as the accountant's CSV (the server sends it as an attachment). */
export const adminInvoicesCsvUrl = '/api/admin/billing/invoices?format=csv'
