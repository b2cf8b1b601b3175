import { z } from 'zod'
import type { AdminBillingPlan, AdminBillingPlanInput, AdminCreditPack } from '@/features/admin/api/get-admin-billing'

const RUPEES = /^\d{1,9}(\.\d{1,2})?$/
const COUNT = /^\d{1,6}$/

/** "2,500.50" or "2500.5" as paise (250050); NaN for anything else. Commas and spaces are allowed. */
export function rupeesToPaise(text: string) {
  const clean = text.replace(/[,\s₹]/g, '')
  if (!RUPEES.test(clean)) return Number.NaN
  const [whole, fraction = ''] = clean.split('.')
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'))
}

/** Paise as the rupees an admin types: 250000 → "2500", 250050 → "2500.50". */
export function paiseToRupees(paise: number) {
  return paise % 100 === 0 ? String(paise / 100) : (paise / 100).toFixed(2)
}

const rupees = (message: string) => z.string().refine((v) => !Number.isNaN(rupeesToPaise(v)), message)
const count = z.string().refine((v) => COUNT.test(v.trim()), 'Enter a whole number')

/** One plan as the admin edits it: amounts in rupees and counts as typed, highlights one a line. */
export const planFormSchema = z.object({
  id: z.enum(['starter', 'professional', 'enterprise']),
  name: z.string().refine((v) => v.trim() !== '', 'Name is required'),
  price: rupees('Enter the price in rupees, such as 500'),
  priceText: z.string().refine((v) => v.trim() !== '', 'The price as the landing page shows it is required'),
  periodText: z.string(),
  description: z.string(),
  highlights: z.string(),
  listings: count,
  requirements: count,
  leadPrice: rupees('Enter the lead price in rupees, such as 50').refine((v) => rupeesToPaise(v) >= 1, 'A lead costs something'),
  apiAccess: z.boolean(),
  customReports: z.boolean(),
  popular: z.boolean(),
  buyable: z.boolean(),
})
export const plansFormSchema = z.object({ plans: z.array(planFormSchema) })
export type PlansForm = z.infer<typeof plansFormSchema>

export function plansFormOf(plans: AdminBillingPlan[]): PlansForm {
  return {
    plans: plans.map((p) => ({
      id: p.id,
      name: p.name,
      price: paiseToRupees(p.pricePaise),
      priceText: p.priceText,
      periodText: p.periodText,
      description: p.description,
      highlights: p.highlights.join('\n'),
      listings: String(p.limits.listings),
      requirements: String(p.limits.requirements),
      leadPrice: paiseToRupees(p.leadPricePaise),
      apiAccess: p.features.apiAccess,
      customReports: p.features.customReports,
      popular: p.popular,
      buyable: p.buyable,
    })),
  }
}

export function plansBody(form: PlansForm): AdminBillingPlanInput[] {
  return form.plans.map((p) => ({
    id: p.id,
    name: p.name.trim(),
    pricePaise: rupeesToPaise(p.price),
    priceText: p.priceText.trim(),
    periodText: p.periodText.trim(),
    description: p.description.trim(),
    highlights: p.highlights
      .split('\n')
      .map((h) => h.trim())
      .filter(Boolean),
    limits: { listings: Number(p.listings), requirements: Number(p.requirements) },
    features: { apiAccess: p.apiAccess, customReports: p.customReports },
    leadPricePaise: rupeesToPaise(p.leadPrice),
    popular: p.popular,
    buyable: p.buyable,
  }))
}

/** The server names a plan's field by its place in the list ("[1].limits.listings"); the form's field is plans.1.listings. */
export function planFieldPath(path: string) {
  const m = /^\[?(\d+)\]?\.?(.*)$/.exec(path)
  if (!m) return path
  const field = (m[2] ?? '')
    .replace(/^limits\./, '')
    .replace(/^features\./, '')
    .replace(/Paise$/, '')
  return `plans.${m[1]}.${field || 'name'}`
}

/** The packs as the admin edits them: an id for a stored pack, the amount in rupees. */
export const packsFormSchema = z.object({
  packs: z.array(
    z.object({
      id: z.number().optional(),
      name: z.string().refine((v) => v.trim() !== '', 'Name is required'),
      amount: rupees('Enter the amount in rupees, such as 2500'),
      active: z.boolean(),
    }),
  ),
})
export type PacksForm = z.infer<typeof packsFormSchema>

export function packsFormOf(packs: AdminCreditPack[]): PacksForm {
  return { packs: packs.map((p) => ({ id: p.id, name: p.name, amount: paiseToRupees(p.amountPaise), active: p.active })) }
}

export function packsBody(form: PacksForm) {
  return form.packs.map((p) => ({
    ...(p.id ? { id: p.id } : {}),
    name: p.name.trim(),
    amountPaise: rupeesToPaise(p.amount),
    active: p.active,
  }))
}

/** The server names a pack's field by its place ("[0].amountPaise"); the form's field is packs.0.amount. */
export function packFieldPath(path: string) {
  const m = /^\[?(\d+)\]?\.?(.*)$/.exec(path)
  if (!m) return path
  const field = m[2] === 'amountPaise' ? 'amount' : m[2] || 'name'
  return `packs.${m[1]}.${field}`
}

/** The credit adjustment: signed rupees ("-500" takes ₹500) and the reason the audit log keeps. */
export const creditsFormSchema = z.object({
  amount: z.string().refine((v) => {
    const t = v.trim()
    const paise = rupeesToPaise(t.replace(/^[-+]/, ''))
    return !Number.isNaN(paise) && paise > 0
  }, 'Enter rupees to add, or with a minus to take, such as 500 or -500'),
  reason: z.string().refine((v) => v.trim() !== '', 'Say why, for the audit log'),
})
export type CreditsForm = z.infer<typeof creditsFormSchema>

export function creditsPaise(amount: string) {
  const t = amount.trim()
  const paise = rupeesToPaise(t.replace(/^[-+]/, ''))
  return t.startsWith('-') ? -paise : paise
}

/** Putting an agent on a plan: months, and for Enterprise optional custom limits. */
export const setPlanFormSchema = z.object({
  plan: z.enum(['starter', 'professional', 'enterprise']),
  months: count.refine((v) => Number(v) >= 1 && Number(v) <= 120, 'From 1 to 120 months'),
  listings: z.string().refine((v) => v.trim() === '' || COUNT.test(v.trim()), 'Enter a whole number, or leave it empty'),
  requirements: z.string().refine((v) => v.trim() === '' || COUNT.test(v.trim()), 'Enter a whole number, or leave it empty'),
})
export type SetPlanForm = z.infer<typeof setPlanFormSchema>

export function setPlanBody(form: SetPlanForm) {
  const custom = form.plan === 'enterprise' && (form.listings.trim() !== '' || form.requirements.trim() !== '')
  return {
    plan: form.plan,
    months: Number(form.months),
    ...(custom
      ? {
          limits: {
            ...(form.listings.trim() ? { listings: Number(form.listings) } : {}),
            ...(form.requirements.trim() ? { requirements: Number(form.requirements) } : {}),
          },
        }
      : {}),
  }
}
