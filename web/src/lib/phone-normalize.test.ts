import { describe, expect, it } from 'vitest'
import { formatIndianPhone, indianPhone } from '@/lib/phone-normalize'

describe('indianPhone', () => {
  it.each([
    ['+91 98450 12345', '+919845012345'],
    ['098450-12345', '+919845012345'],
    ['9845012345', '+919845012345'],
    ['+919845012345', '+919845012345'],
    ['919845012345', '+919845012345'],
    ['0091 98450 12345', '+919845012345'],
    ['(98450) 123.45', '+919845012345'],
  ])('reads %s as %s', (input, want) => {
    expect(indianPhone(input)).toBe(want)
  })

  it.each(['', '98450', '+91 98450 1234', '+44 7911 123456', '98450abcde', '+91 98450 123456'])('refuses %j', (input) => {
    expect(indianPhone(input)).toBeNull()
  })

  it('spaces a +91 number as 5 + 5 digits', () => {
    expect(formatIndianPhone('+919845012345')).toBe('+91 98450 12345')
    expect(formatIndianPhone('+447911123456')).toBe('+447911123456')
  })
})
