import { describe, expect, it } from 'vitest'
import { activityLabel, expiryLabel } from '@/features/share-links/lib/share-link-labels'
import { shareBody, shareFormSchema, whatsAppShareUrl } from '@/shared/share-links'

describe('share link labels', () => {
  it('counts views and interest', () => {
    expect(activityLabel({ views: 1, interest: 0 })).toBe('1 view')
    expect(activityLabel({ views: 3, interest: 2 })).toBe('3 views · 2 interested')
  })
  it('says when a link ends', () => {
    expect(expiryLabel({ status: 'active', expiresAt: '2026-12-05T10:00:00Z', revokedAt: null })).toMatch(/^Expires 5 Dec 2026$/)
    expect(expiryLabel({ status: 'expired', expiresAt: '2026-12-05T10:00:00Z', revokedAt: null })).toMatch(/^Expired /)
    expect(expiryLabel({ status: 'revoked', expiresAt: '2026-12-05T10:00:00Z', revokedAt: '2026-12-01T10:00:00Z' })).toMatch(
      /^Revoked 1 Dec 2026$/,
    )
  })
})

describe('share form', () => {
  it('takes 1 to 90 days', () => {
    expect(shareFormSchema.safeParse({ days: '7', note: '' }).success).toBe(true)
    expect(shareFormSchema.safeParse({ days: '90', note: '' }).success).toBe(true)
    for (const days of ['0', '91', '', '2.5', 'x']) expect(shareFormSchema.safeParse({ days, note: '' }).success).toBe(false)
    expect(shareFormSchema.safeParse({ days: '7', note: 'x'.repeat(501) }).success).toBe(false)
  })
  it('sends the ids, the days and a note only when there is one', () => {
    expect(shareBody([3, 1], { days: ' 14 ', note: '  ' })).toEqual({ propertyIds: [3, 1], expiresInDays: 14 })
    expect(shareBody([3], { days: '7', note: ' Near metro ' })).toEqual({ propertyIds: [3], expiresInDays: 7, note: 'Near metro' })
  })
  it('opens WhatsApp with the link and the note', () => {
    const url = whatsAppShareUrl('https://pm.example/s/abc', 'Flats near metro')
    expect(url.startsWith('https://wa.me/?text=')).toBe(true)
    expect(decodeURIComponent(url.split('text=')[1]!)).toBe('Flats near metro\nhttps://pm.example/s/abc')
  })
})
