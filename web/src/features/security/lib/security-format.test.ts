import { describe, expect, it } from 'vitest'
import { eventTone, eventTypeLabel, eventTypes, timeLeft } from '@/features/security/lib/security-format'

describe('security format', () => {
  it('names every event type the server sends, and passes an unknown one through', () => {
    expect(eventTypes).toHaveLength(9)
    expect(eventTypeLabel('auth_failure')).toBe('Failed sign-in')
    expect(eventTypeLabel('something_new')).toBe('something_new')
  })

  it('colours suspicious types red and authentication failures amber', () => {
    expect(eventTone('suspicious_request')).toBe('red')
    expect(eventTone('admin_route_by_agent')).toBe('red')
    expect(eventTone('otp_failure')).toBe('amber')
    expect(eventTone('admin_action')).toBe('blue')
    expect(eventTone('rate_limit_hit')).toBe('slate')
  })

  it('says how long a block has left', () => {
    const now = Date.parse('2026-11-23T10:00:00Z')
    expect(timeLeft('2026-11-23T09:00:00Z', now)).toBe('ended')
    expect(timeLeft('2026-11-23T10:59:00Z', now)).toBe('in 59 min')
    expect(timeLeft('2026-11-24T10:00:00Z', now)).toBe('in 24 h')
    expect(timeLeft('2026-11-30T10:00:00Z', now)).toBe('in 7 days')
  })
})
