import { describe, expect, it } from 'vitest'
import { formatValidity, reraBadgeText } from '@/shared/rera'

describe('reraBadgeText', () => {
  it('states the validity as a calendar date', () => {
    expect(reraBadgeText('2029-03-31')).toBe('RERA verified · valid until 31 Mar 2029')
    expect(formatValidity('2027-01-01')).toBe('1 Jan 2027')
  })
  it('falls back to the plain badge', () => {
    expect(reraBadgeText(null)).toBe('RERA verified')
    expect(formatValidity('31/03/2029')).toBe('31/03/2029')
  })
})
