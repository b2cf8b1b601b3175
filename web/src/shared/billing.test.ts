import { QueryClient } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { billingQueryOptions, creditLevel, formatPaise, isNoCredits, leadsLabel, unlockLabel } from '@/shared/billing'
import { makeBilling } from '@/test/billing-fixtures'
import { mockApi } from '@/test/utils'

afterEach(() => vi.unstubAllGlobals())

describe('formatPaise', () => {
  it.each([
    [0, '₹0'],
    [5000, '₹50'],
    [2_500_000, '₹25,000'],
    [12_345, '₹123.45'],
    [10_000_000_00, '₹1,00,00,000'],
    [-5000, '−₹50'],
    [5, '₹0.05'],
  ])('%i paise is %s', (paise, want) => expect(formatPaise(paise)).toBe(want))
})

describe('credit levels', () => {
  it.each([
    [500, 'ok'],
    [21, 'ok'],
    [20, 'low'],
    [1, 'low'],
    [0, 'empty'],
  ] as const)('%i leads is %s', (leads, want) => expect(creditLevel({ leads })).toBe(want))

  it('words leads and the unlock button', () => {
    expect(leadsLabel(1)).toBe('1 lead')
    expect(leadsLabel(1500)).toBe('1,500 leads')
    expect(unlockLabel(5000)).toBe('Unlock contact · 1 lead (₹50)')
  })

  it('knows a refused unlock by its status and code', () => {
    expect(isNoCredits({ status: 402, code: 'no_credits' })).toBe(true)
    expect(isNoCredits({ status: 402, code: 'plan_limit' })).toBe(false)
    expect(isNoCredits({ status: 400, code: 'no_credits' })).toBe(false)
    expect(isNoCredits(null)).toBe(false)
  })
})

describe('billingQueryOptions', () => {
  const fetchBilling = () => new QueryClient().fetchQuery(billingQueryOptions())

  it('answers the summary with billing on', async () => {
    mockApi({ 'GET /api/billing': { body: makeBilling() } })
    expect((await fetchBilling())?.credits.leads).toBe(500)
  })

  it('answers null when billing is off (404)', async () => {
    mockApi({ 'GET /api/billing': { status: 404, body: { code: 'not_found', message: 'Not found' } } })
    expect(await fetchBilling()).toBeNull()
  })

  it('fails on other errors', async () => {
    mockApi({ 'GET /api/billing': { status: 503, body: { code: 'unavailable', message: 'Try again' } } })
    await expect(fetchBilling()).rejects.toThrow('Try again')
  })
})
