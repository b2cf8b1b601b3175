import { describe, expect, it } from 'vitest'
import {
  creditsFormSchema,
  creditsPaise,
  packFieldPath,
  packsBody,
  paiseToRupees,
  planFieldPath,
  plansBody,
  plansFormOf,
  rupeesToPaise,
  setPlanBody,
} from '@/features/admin/lib/billing-form'
import { makeBilling } from '@/test/billing-fixtures'

describe('rupees and paise', () => {
  it.each([
    ['500', 50_000],
    ['2,500', 250_000],
    ['₹ 2500.5', 250_050],
    ['0.05', 5],
    ['', Number.NaN],
    ['12.345', Number.NaN],
    ['-5', Number.NaN],
    ['abc', Number.NaN],
  ])('%j is %s paise', (text, paise) => expect(rupeesToPaise(text)).toBe(paise))

  it.each([
    [50_000, '500'],
    [250_050, '2500.50'],
    [5, '0.05'],
  ])('%i paise is typed as %s', (paise, text) => expect(paiseToRupees(paise)).toBe(text))
})

describe('the plans form', () => {
  it('round-trips the plans into the PUT body', () => {
    const plans = makeBilling().plans
    const body = plansBody(plansFormOf(plans))
    expect(body[1]).toEqual({
      id: 'professional',
      name: 'Professional',
      pricePaise: 50_000,
      priceText: '₹500',
      periodText: 'per month',
      description: 'For busy agents.',
      highlights: ['API access'],
      limits: { listings: 50, requirements: 50 },
      features: { apiAccess: true, customReports: true },
      leadPricePaise: 5000,
      popular: true,
      buyable: true,
    })
  })

  it('drops blank highlight lines', () => {
    const form = plansFormOf(makeBilling().plans)
    form.plans[0]!.highlights = ' 500 free leads \n\n  Support  '
    expect(plansBody(form)[0]!.highlights).toEqual(['500 free leads', 'Support'])
  })

  it.each([
    ['[1].limits.listings', 'plans.1.listings'],
    ['1.pricePaise', 'plans.1.price'],
    ['[0].leadPricePaise', 'plans.0.leadPrice'],
    ['[2].features.apiAccess', 'plans.2.apiAccess'],
    ['[2]', 'plans.2.name'],
  ])('puts the server error at %s under %s', (path, field) => expect(planFieldPath(path)).toBe(field))
})

describe('the packs form', () => {
  it('keeps ids of stored packs and sends new ones without', () => {
    expect(
      packsBody({
        packs: [
          { id: 1, name: ' Starter ', amount: '2500', active: true },
          { name: 'Big', amount: '25,000', active: false },
        ],
      }),
    ).toEqual([
      { id: 1, name: 'Starter', amountPaise: 250_000, active: true },
      { name: 'Big', amountPaise: 2_500_000, active: false },
    ])
    expect(packFieldPath('[1].amountPaise')).toBe('packs.1.amount')
  })
})

describe('credit adjustments and plans', () => {
  it('reads signed rupees', () => {
    expect(creditsPaise('500')).toBe(50_000)
    expect(creditsPaise('-49.5')).toBe(-4950)
    expect(creditsPaise('+10')).toBe(1000)
    expect(creditsFormSchema.safeParse({ amount: '0', reason: 'x' }).success).toBe(false)
    expect(creditsFormSchema.safeParse({ amount: '-500', reason: ' ' }).success).toBe(false)
    expect(creditsFormSchema.safeParse({ amount: '-500', reason: 'Goodwill' }).success).toBe(true)
  })

  it('sends custom limits only for Enterprise', () => {
    expect(setPlanBody({ plan: 'professional', months: '3', listings: '99', requirements: '' })).toEqual({
      plan: 'professional',
      months: 3,
    })
    expect(setPlanBody({ plan: 'enterprise', months: '12', listings: '200', requirements: '' })).toEqual({
      plan: 'enterprise',
      months: 12,
      limits: { listings: 200 },
    })
  })
})
