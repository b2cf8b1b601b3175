import { describe, expect, it } from 'vitest'
import { formatIndianPhone, roundFigure } from '@/shared/site'

describe('roundFigure', () => {
  it.each([
    [0, '0'],
    [7, '7'],
    [57, '57'],
    [99, '99'],
    [100, '100'],
    [340, '340'],
    [347, '340+'],
    [1200, '1,200'],
    [1234, '1,200+'],
    [10_001, '10,000+'],
    [123_456, '1,20,000+'],
  ])('%d shows as %s', (n, want) => {
    expect(roundFigure(n)).toBe(want)
  })

  it('never shows more than the count', () => {
    for (let n = 0; n < 20_000; n += 7) {
      const shown = Number(roundFigure(n).replace(/[,+]/g, ''))
      expect(shown).toBeLessThanOrEqual(n)
    }
  })
})

describe('formatIndianPhone', () => {
  it.each([
    ['+919876543210', '+91 98765 43210'],
    ['+914048526100', '+91 40 4852 6100'],
    ['+914842250123', '+91 484 225 0123'],
    ['+9118004251234', '1800 425 1234'],
    ['+16502530000', '+16502530000'],
  ])('%s shows as %s', (e164, want) => {
    expect(formatIndianPhone(e164)).toBe(want)
  })
})
