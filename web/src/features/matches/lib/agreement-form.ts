import { z } from 'zod'
import type { Agreement, AgreementDeal, AgreementTerms } from '@/lib/api-schemas'

/** The longest note, as the server counts it (docs/product.md#co-broking-agreements). */
export const AGREEMENT_NOTE_MAX = 1000

const WHOLE = /^\d{1,3}$/
const RUPEES = /^\d{1,12}(\.\d{1,2})?$/

/** "2,50,000.50" or "₹250000.5" as paise (25000050); NaN for anything else. */
export function rupeesToPaise(text: string) {
  const clean = text.replace(/[,\s₹]/g, '')
  if (!RUPEES.test(clean)) return Number.NaN
  const [whole, fraction = ''] = clean.split('.')
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'))
}

const rupeesFormat = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 2 })

/** Paise in rupees with Indian grouping: 750000000 → "₹75,00,000". */
export function formatRupees(paise: number) {
  return `₹${rupeesFormat.format(paise / 100)}`
}

/** The propose and counter form: a split in whole percentages that add up to 100, or a fixed amount in rupees. */
export const agreementFormSchema = z
  .object({
    mode: z.enum(['split', 'fixed']),
    listingPercent: z.string(),
    buyerPercent: z.string(),
    amount: z.string(),
    basis: z.enum(['brokerage', 'price']),
    note: z.string().max(AGREEMENT_NOTE_MAX, `Note must be at most ${AGREEMENT_NOTE_MAX} characters`),
  })
  .superRefine((v, ctx) => {
    if (v.mode === 'fixed') {
      const paise = rupeesToPaise(v.amount)
      if (Number.isNaN(paise) || paise <= 0)
        ctx.addIssue({ code: 'custom', path: ['amount'], message: 'Enter an amount in rupees, such as 150000' })
      return
    }
    const parts = [
      ['listingPercent', v.listingPercent],
      ['buyerPercent', v.buyerPercent],
    ] as const
    let ok = true
    for (const [path, text] of parts) {
      if (!WHOLE.test(text.trim()) || Number(text) > 100) {
        ctx.addIssue({ code: 'custom', path: [path], message: 'A whole number from 0 to 100' })
        ok = false
      }
    }
    if (ok && Number(v.listingPercent) + Number(v.buyerPercent) !== 100) {
      ctx.addIssue({ code: 'custom', path: ['buyerPercent'], message: 'The two shares must add up to 100' })
    }
  })
export type AgreementForm = z.infer<typeof agreementFormSchema>

export const emptyAgreementForm: AgreementForm = {
  mode: 'split',
  listingPercent: '50',
  buyerPercent: '50',
  amount: '',
  basis: 'brokerage',
  note: '',
}

/** The form prefilled from a proposal, for a counter-proposal or a revision. */
export function agreementFormOf(a: Agreement): AgreementForm {
  if (a.fixedAmountPaise != null) {
    return { ...emptyAgreementForm, mode: 'fixed', amount: String(a.fixedAmountPaise / 100), basis: a.basis, note: '' }
  }
  return {
    ...emptyAgreementForm,
    listingPercent: String(a.listingSidePercent ?? 50),
    buyerPercent: String(a.buyerSidePercent ?? 50),
    basis: a.basis,
  }
}

/** The request body of a checked form. */
export function agreementBody(v: AgreementForm): AgreementTerms {
  const note = v.note.trim()
  const terms: AgreementTerms =
    v.mode === 'fixed'
      ? { fixedAmountPaise: rupeesToPaise(v.amount), basis: v.basis }
      : { listingSidePercent: Number(v.listingPercent), buyerSidePercent: Number(v.buyerPercent), basis: v.basis }
  return note ? { ...terms, note } : terms
}

/** Server field errors named as the form's fields. */
export function formPath(path: string) {
  return (
    ({ listingSidePercent: 'listingPercent', buyerSidePercent: 'buyerPercent', fixedAmountPaise: 'amount' } as Record<string, string>)[
      path
    ] ?? path
  )
}

/** The terms in words: "Listing side 60% · buyer side 40% of the brokerage". */
export function termsText(a: Pick<Agreement, 'listingSidePercent' | 'buyerSidePercent' | 'fixedAmountPaise' | 'basis'>) {
  const of = a.basis === 'price' ? 'of the brokerage on the final price' : 'of the total brokerage'
  if (a.fixedAmountPaise != null) return `Buyer side gets a fixed ${formatRupees(a.fixedAmountPaise)} ${of}`
  return `Listing side ${a.listingSidePercent}% · buyer side ${a.buyerSidePercent}% ${of}`
}

export const agreementStatusLabel: Record<Agreement['status'], string> = {
  proposed: 'Open',
  accepted: 'Accepted',
  rejected: 'Rejected',
  superseded: 'Superseded',
}

/** The deal's steps in order, for the stepper; fallen through replaces closed as the last. */
export const dealSteps = [
  { stage: 'agreed', label: 'Agreed' },
  { stage: 'site_visit', label: 'Site visit' },
  { stage: 'offer', label: 'Offer' },
  { stage: 'closed', label: 'Closed' },
] as const

export type DealStageName = AgreementDeal['stage']

/** The index of stage in dealSteps (fallen through counts as the last step). */
export function stepIndex(stage: DealStageName) {
  if (stage === 'fallen_through') return dealSteps.length - 1
  return dealSteps.findIndex((s) => s.stage === stage)
}

/** What the close confirmation says to the viewer on side (listing or buyer): waiting, asked, or nothing. */
export function closeState(deal: AgreementDeal, mySide: 'listing' | 'buyer') {
  const mine = mySide === 'listing' ? deal.listingClosePaise : deal.buyerClosePaise
  const theirs = mySide === 'listing' ? deal.buyerClosePaise : deal.listingClosePaise
  if (deal.stage === 'closed' || deal.stage === 'fallen_through') return { kind: 'done' as const }
  if (mine != null) return { kind: 'waiting' as const, paise: mine }
  if (theirs != null) return { kind: 'asked' as const, paise: theirs }
  return { kind: 'none' as const }
}
