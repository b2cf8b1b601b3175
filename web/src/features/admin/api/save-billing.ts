import { api, unwrap } from '@/lib/api-client'
import { apiMutation } from '@/lib/api-mutation'
import type { components, operations } from '@/lib/api-types'
import { adminFamilies } from '@/features/admin/api/get-admin-data'

type PackInput = operations['adminSaveBillingPacks']['requestBody']['content']['application/json'][number]
export type SetPlanBody = operations['adminSetPlan']['requestBody']['content']['application/json']

/** Billing changes reach the landing page's pricing and every agent's billing too. */
const billingFamilies = [...adminFamilies, '/api/site', '/api/billing']

/** PUT /api/admin/billing/plans: the three plans, in display order (audited). */
export const saveBillingPlans = apiMutation({
  mutationFn: (body: components['schemas']['BillingPlanInput'][]) => unwrap(api.PUT('/api/admin/billing/plans', { body })),
  invalidates: billingFamilies,
})

/** PUT /api/admin/billing/packs: the packs on sale, in order; a stored pack left out is retired (audited). */
export const saveBillingPacks = apiMutation({
  mutationFn: (body: PackInput[]) => unwrap(api.PUT('/api/admin/billing/packs', { body })),
  invalidates: billingFamilies,
})

/** POST /api/admin/users/{id}/credits: adds (+) or takes (-) an agent's credits, with a reason (audited). */
export const adjustCredits = apiMutation({
  mutationFn: ({ id, amountPaise, reason }: { id: number; amountPaise: number; reason: string }) =>
    unwrap(api.POST('/api/admin/users/{id}/credits', { params: { path: { id } }, body: { amountPaise, reason } })),
  invalidates: billingFamilies,
})

/** PUT /api/admin/users/{id}/plan: puts an agent on a plan for some months (audited). */
export const setUserPlan = apiMutation({
  mutationFn: ({ id, body }: { id: number; body: SetPlanBody }) =>
    unwrap(api.PUT('/api/admin/users/{id}/plan', { params: { path: { id } }, body })),
  invalidates: billingFamilies,
})
