import { describe, expect, it } from 'vitest'
import { isValidMobile, normalizePhone, toE164Mobile } from '@/lib/phone'
import { formatPhone } from '@/lib/phone-display'

describe('normalizePhone', () => {
  it.each([
    ['98765 43210', '+919876543210'],
    ['98765-43210', '+919876543210'],
    ['(987) 654-3210', '+919876543210'],
    ['09876543210', '+919876543210'],
    ['919876543210', '+919876543210'],
    ['+91 98765 43210', '+919876543210'],
    ['0044 7911 123456', '+447911123456'],
    ['   ', ''],
  ])('%s → %s', (input, want) => {
    expect(normalizePhone(input)).toBe(want)
  })
})

describe('isValidMobile', () => {
  it('accepts Indian and foreign mobile numbers', () => {
    expect(isValidMobile('9876543210')).toBe(true)
    expect(isValidMobile('+44 7911 123456')).toBe(true)
  })

  it('refuses landlines, short numbers and junk', () => {
    expect(isValidMobile('040 2345 6789')).toBe(false) // Hyderabad landline
    expect(isValidMobile('12345 67890')).toBe(false)
    expect(isValidMobile('98765')).toBe(false)
    expect(isValidMobile('')).toBe(false)
  })

  it('gives the E.164 form of a valid mobile', () => {
    expect(toE164Mobile('98765-43210')).toBe('+919876543210')
    expect(toE164Mobile('040 2345 6789')).toBeNull()
    expect(formatPhone('+919876543210')).toBe('+91 98765 43210')
  })
})

describe('formatPhone (no metadata)', () => {
  it.each([
    ['+919876543210', '+91 98765 43210'],
    ['+91 98765 43210', '+91 98765 43210'],
    ['+14155550123', '+14155550123'],
    ['', ''],
  ])('%s → %s', (input, shown) => expect(formatPhone(input)).toBe(shown))
})
