import { describe, expect, it } from 'vitest'
import { duplicateNoticeText } from '@/features/properties/lib/duplicate-notice'
import { alsoListedText } from '@/components/also-listed-by'

const kavitha = {
  id: 7,
  agentId: 3,
  agentName: 'Kavitha Reddy',
  title: '3 BHK in Kondapur',
  locality: 'Kondapur',
  city: 'Hyderabad',
  price: 12_500_000,
  likelihood: 0.95,
  reasons: ['same locality', 'price within 5%', 'area within 5%', 'same bedrooms', 'same photo'],
}

describe('duplicateNoticeText', () => {
  it('names the agent, the locality, the price and the photo when it matched', () => {
    expect(duplicateNoticeText(kavitha)).toBe('This looks like a listing by Kavitha Reddy (Kondapur, ₹1.25 Cr, same photo)')
  })
  it('names the first reason when the photo did not match', () => {
    expect(duplicateNoticeText({ ...kavitha, price: 4_500_000, reasons: ['same locality', 'same bedrooms'] })).toBe(
      'This looks like a listing by Kavitha Reddy (Kondapur, ₹45.00 L, same locality)',
    )
  })
})

describe('alsoListedText', () => {
  it('names one agent, and counts several', () => {
    expect(alsoListedText(['Kavitha Reddy'])).toBe('Also listed by Kavitha Reddy')
    expect(alsoListedText(['A', 'B'])).toBe('Also listed by 2 agents')
  })
})
