import { describe, expect, it } from 'vitest'
import { budgetRange } from '@/features/requirements/lib/requirement-labels'

describe('budgetRange', () => {
  it.each([
    [{ minPrice: 3000000, maxPrice: 5000000, listingPurpose: 'forSale' as const }, '₹30.00 L - ₹50.00 L'],
    [{ minPrice: 30000, maxPrice: 50000, listingPurpose: 'forRent' as const }, '₹30,000 - ₹50,000/month'],
    [{ minPrice: 30000, maxPrice: null, listingPurpose: 'forLease' as const }, 'From ₹30,000/month'],
    [{ minPrice: null, maxPrice: 50000 }, 'Up to ₹50,000'],
    [{ minPrice: null, maxPrice: null, listingPurpose: 'forRent' as const }, 'Not specified'],
  ])('%o → %s', (range, shown) => expect(budgetRange(range)).toBe(shown))
})
