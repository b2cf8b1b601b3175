import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, ApiError, unwrap } from '@/lib/api-client'
import { apiMutation } from '@/lib/api-mutation'
import type { components } from '@/lib/api-types'

type Schemas = components['schemas']
export type BillingOverview = Schemas['BillingOverview']
export type BillingCredits = Schemas['BillingCredits']
export type BillingPlan = Schemas['BillingPlan']
export type BillingPack = Schemas['CreditPack']

/** Query keys of the caller's billing: the first element is the API path, so writes refresh the family. */
export const billingKeys = {
  all: ['/api/billing'] as const,
  summary: () => ['/api/billing'] as const,
}

/**
 * GET /api/billing: the caller's plan, credits, usage and what is on offer; null when billing is off
 * (the server answers 404 to every billing route then, docs/product.md#billing).
 */
export const billingQueryOptions = () =>
  queryOptions({
    queryKey: billingKeys.summary(),
    queryFn: async ({ signal }): Promise<BillingOverview | null> => {
      try {
        return await unwrap(api.GET('/api/billing', { signal }))
      } catch (e) {
        if (e instanceof ApiError && e.status === 404) return null
        throw e
      }
    },
    staleTime: 30_000,
  })

/** The caller's billing, or null when billing is off; idle while signed out. */
export function useBilling({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...billingQueryOptions(), enabled })
}

const rupees = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 })

/**
 * Paise as rupees with Indian grouping, exact (never rounded to lakh or crore: a bill is read to the
 * paisa): 5000 → "₹50", 2500000 → "₹25,000", 12345 → "₹123.45".
 */
export function formatPaise(paise: number) {
  const sign = paise < 0 ? '−' : ''
  const abs = Math.abs(paise)
  const whole = abs % 100 === 0
  return `${sign}₹${whole ? rupees.format(abs / 100) : (abs / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`
}

/** A count of leads: "1 lead", "500 leads". */
export function leadsLabel(n: number) {
  return `${n.toLocaleString('en-IN')} ${n === 1 ? 'lead' : 'leads'}`
}

/** The two low-balance steps the sidebar warns at (docs/product.md#billing). */
export const LOW_LEADS = 20

/** How low the caller's credits are: 'empty' at 0 leads, 'low' at 20 or fewer, else 'ok'. */
export function creditLevel(credits: Pick<BillingCredits, 'leads'>): 'empty' | 'low' | 'ok' {
  if (credits.leads <= 0) return 'empty'
  if (credits.leads <= LOW_LEADS) return 'low'
  return 'ok'
}

/** The unlock button's words: "Unlock contact · 1 lead (₹50)". */
export function unlockLabel(leadPricePaise: number) {
  return `Unlock contact · 1 lead (${formatPaise(leadPricePaise)})`
}

/** The text shown when an unlock is refused for want of credits (the server's words when it sends them). */
export const NO_CREDITS_TEXT = 'You have no credits left. Buy a credit pack to unlock this contact.'

/** True for an unlock refused for want of credits (402 no_credits). */
export function isNoCredits(error: Pick<ApiError, 'status' | 'code'> | null | undefined) {
  return error?.status === 402 && error.code === 'no_credits'
}

/**
 * POST /api/matches/{id}/unlock: reveals the other agent's contact on this match, charging one lead the
 * first time (a repeat is free). Everything that shows that agent's contact or the balance is refreshed.
 */
export const unlockMatch = apiMutation({
  mutationFn: (id: number) => unwrap(api.POST('/api/matches/{id}/unlock', { params: { path: { id } } })),
  invalidates: ['/api/billing', '/api/matches', '/api/marketplace', '/api/agents', '/api/messages', '/api/dashboard/stats'],
})
