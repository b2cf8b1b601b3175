import { api, unwrap } from '@/lib/api-client'
import { apiMutation } from '@/lib/api-mutation'
import type { AgreementTerms } from '@/lib/api-schemas'
import { agreementKeys } from '@/features/matches/api/get-agreements'

const invalidates = [agreementKeys.family] as const

/** POST /api/matches/{id}/agreements: proposes terms (or revises the caller's own open proposal). */
export const proposeAgreement = apiMutation({
  mutationFn: ({ matchId, body }: { matchId: number; body: AgreementTerms }) =>
    unwrap(api.POST('/api/matches/{id}/agreements', { params: { path: { id: matchId } }, body })),
  invalidates,
})

/** POST /api/agreements/{id}/counter: answers the open proposal with other terms. */
export const counterAgreement = apiMutation({
  mutationFn: ({ id, body }: { id: number; body: AgreementTerms }) =>
    unwrap(api.POST('/api/agreements/{id}/counter', { params: { path: { id } }, body })),
  invalidates,
})

/** POST /api/agreements/{id}/accept: accepts the open proposal and locks its terms. */
export const acceptAgreement = apiMutation({
  mutationFn: (id: number) => unwrap(api.POST('/api/agreements/{id}/accept', { params: { path: { id } } })),
  invalidates,
})

/** POST /api/agreements/{id}/reject. */
export const rejectAgreement = apiMutation({
  mutationFn: (id: number) => unwrap(api.POST('/api/agreements/{id}/reject', { params: { path: { id } } })),
  invalidates,
})

export type DealStage = 'site_visit' | 'offer' | 'closed' | 'fallen_through'

/** PUT /api/agreements/{id}/stage: moves the deal; closed with the final price is one side's confirmation. */
export const setDealStage = apiMutation({
  mutationFn: ({ id, stage, finalPricePaise }: { id: number; stage: DealStage; finalPricePaise?: number }) =>
    unwrap(api.PUT('/api/agreements/{id}/stage', { params: { path: { id } }, body: { stage, finalPricePaise } })),
  invalidates,
})

/** POST /api/agreements/{id}/dispute: flags a dispute for the admins. */
export const disputeAgreement = apiMutation({
  mutationFn: ({ id, note }: { id: number; note: string }) =>
    unwrap(api.POST('/api/agreements/{id}/dispute', { params: { path: { id } }, body: { note } })),
  invalidates,
})
