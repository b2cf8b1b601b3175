import { describe, expect, it } from 'vitest'
import {
  agreementBody,
  agreementFormSchema,
  closeState,
  emptyAgreementForm,
  rupeesToPaise,
  stepIndex,
  termsText,
} from '@/features/matches/lib/agreement-form'

const errorsOf = (v: object) => {
  const r = agreementFormSchema.safeParse({ ...emptyAgreementForm, ...v })
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [i.path.join('.'), i.message]))
}

describe('agreement form', () => {
  it('wants whole percentages that add up to 100', () => {
    expect(errorsOf({ listingPercent: '60', buyerPercent: '40' })).toEqual({})
    expect(errorsOf({ listingPercent: '60', buyerPercent: '30' })).toEqual({ buyerPercent: 'The two shares must add up to 100' })
    expect(errorsOf({ listingPercent: '50.5', buyerPercent: '49.5' })).toEqual({
      listingPercent: 'A whole number from 0 to 100',
      buyerPercent: 'A whole number from 0 to 100',
    })
    expect(errorsOf({ listingPercent: '120', buyerPercent: '-20' })).toHaveProperty('listingPercent')
  })

  it('wants a positive amount in rupees for a fixed share', () => {
    expect(errorsOf({ mode: 'fixed', amount: '1,50,000' })).toEqual({})
    expect(errorsOf({ mode: 'fixed', amount: '0' })).toHaveProperty('amount')
    expect(errorsOf({ mode: 'fixed', amount: 'lots' })).toHaveProperty('amount')
    expect(errorsOf({ note: 'x'.repeat(1001) })).toHaveProperty('note')
  })

  it('sends percentages, or paise, with the basis and a trimmed note', () => {
    expect(agreementBody({ ...emptyAgreementForm, listingPercent: '60', buyerPercent: '40', note: '  ' })).toEqual({
      listingSidePercent: 60,
      buyerSidePercent: 40,
      basis: 'brokerage',
    })
    expect(agreementBody({ ...emptyAgreementForm, mode: 'fixed', amount: '₹1,50,000.5', basis: 'price', note: ' Cash ' })).toEqual({
      fixedAmountPaise: 15000050,
      basis: 'price',
      note: 'Cash',
    })
    expect(rupeesToPaise('12.345')).toBeNaN()
  })

  it('says the terms in words', () => {
    expect(termsText({ listingSidePercent: 60, buyerSidePercent: 40, fixedAmountPaise: null, basis: 'brokerage' })).toBe(
      'Listing side 60% · buyer side 40% of the total brokerage',
    )
    expect(termsText({ listingSidePercent: null, buyerSidePercent: null, fixedAmountPaise: 15000000, basis: 'price' })).toBe(
      'Buyer side gets a fixed ₹1,50,000 of the brokerage on the final price',
    )
  })

  it('tells each side where the close confirmation stands', () => {
    const deal = {
      stage: 'offer' as const,
      stageAt: '',
      listingClosePaise: 750000000,
      listingCloseAt: '',
      buyerClosePaise: null,
      buyerCloseAt: null,
      finalPricePaise: null,
      closedAt: null,
      dispute: null,
    }
    expect(closeState(deal, 'listing')).toEqual({ kind: 'waiting', paise: 750000000 })
    expect(closeState(deal, 'buyer')).toEqual({ kind: 'asked', paise: 750000000 })
    expect(closeState({ ...deal, stage: 'closed' }, 'buyer')).toEqual({ kind: 'done' })
    expect(stepIndex('fallen_through')).toBe(3)
    expect(stepIndex('site_visit')).toBe(1)
  })
})
