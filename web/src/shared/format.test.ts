import { describe, expect, it } from 'vitest'
import { priceInWords } from '@/shared/price-words'
import { formatListingPrice, formatMaintenance, formatPrice, priceFieldLabel, priceLabel, scoreClasses, scoreColor } from '@/shared/format'
import { listingPurposeLabel, propertyTypeLabel } from '@/shared/listing-vocabulary'

describe('formatPrice', () => {
  it('uses grouped rupees below one lakh', () => {
    expect(formatPrice(0)).toBe('₹0')
    expect(formatPrice(950)).toBe('₹950')
    expect(formatPrice(25000)).toBe('₹25,000')
    expect(formatPrice(99_999)).toBe('₹99,999')
    expect(formatPrice(1234.6)).toBe('₹1,235')
  })

  it('switches to lakh at 1,00,000 and crore at 1,00,00,000', () => {
    expect(formatPrice(100_000)).toBe('₹1.00 L')
    expect(formatPrice(2_500_000)).toBe('₹25.00 L')
    expect(formatPrice(9_999_999)).toBe('₹100.00 L')
    expect(formatPrice(10_000_000)).toBe('₹1.00 Cr')
    expect(formatPrice(125_000_000)).toBe('₹12.50 Cr')
  })

  it('accepts numeric text and shows ₹0 for empty or non-numeric values', () => {
    expect(formatPrice('4500000')).toBe('₹45.00 L')
    expect(formatPrice(' 75000 ')).toBe('₹75,000')
    expect(formatPrice('')).toBe('₹0')
    expect(formatPrice('abc')).toBe('₹0')
    expect(formatPrice(null)).toBe('₹0')
    expect(formatPrice(undefined)).toBe('₹0')
    expect(formatPrice(Number.NaN)).toBe('₹0')
  })
})

describe('priceInWords', () => {
  it('spells amounts in the Indian grouping followed by Rupees', () => {
    expect(priceInWords(2_500_000)).toBe('Twenty Five Lakh Rupees')
    expect(priceInWords(10_000_000)).toBe('One Crore Rupees')
    expect(priceInWords(123_456_789)).toBe('Twelve Crore Thirty Four Lakh Fifty Six Thousand Seven Hundred Eighty Nine Rupees')
    expect(priceInWords('99999')).toBe('Ninety Nine Thousand Nine Hundred Ninety Nine Rupees')
    expect(priceInWords(1)).toBe('One Rupee')
    expect(priceInWords(1.75)).toBe('One Rupee')
    expect(priceInWords(2)).toBe('Two Rupees')
    expect(priceInWords(500)).toBe('Five Hundred Rupees')
  })

  it('is empty for empty, non-numeric or non-positive values', () => {
    expect(priceInWords('')).toBe('')
    expect(priceInWords(null)).toBe('')
    expect(priceInWords(undefined)).toBe('')
    expect(priceInWords('12abc')).toBe('')
    expect(priceInWords(0)).toBe('')
    expect(priceInWords(-5000)).toBe('')
  })
})

describe('score colours', () => {
  it('is green from 90, yellow from 70 to 89 and red below 70', () => {
    expect(scoreColor(100)).toBe('green')
    expect(scoreColor(90)).toBe('green')
    expect(scoreColor(89)).toBe('yellow')
    expect(scoreColor(70)).toBe('yellow')
    expect(scoreColor(69)).toBe('red')
    expect(scoreColor(0)).toBe('red')
  })

  it('gives matching Tailwind classes', () => {
    expect(scoreClasses(95)).toContain('success')
    expect(scoreClasses(75)).toContain('warning')
    expect(scoreClasses(55)).toContain('destructive')
  })
})

describe('labels', () => {
  it('names prices per listing purpose', () => {
    expect(priceLabel('for_sale')).toBe('Sale Price')
    expect(priceLabel('for_rent')).toBe('Rent Price')
    expect(priceLabel('for_lease')).toBe('Lease Price')
    expect(priceLabel(undefined)).toBe('Price')
    expect(priceFieldLabel('for_sale')).toBe('Sale Price (₹)')
    expect(priceFieldLabel('for_rent')).toBe('Monthly Rent (₹)')
    expect(priceFieldLabel('for_lease')).toBe('Monthly Lease (₹)')
  })

  it('names listing purposes and property types', () => {
    expect(listingPurposeLabel('for_sale')).toBe('For Sale')
    expect(listingPurposeLabel('for_rent')).toBe('For Rent')
    expect(listingPurposeLabel('for_lease')).toBe('For Lease')
    expect(propertyTypeLabel('agricultural')).toBe('Agricultural')
    expect(propertyTypeLabel('commercial')).toBe('Commercial')
    expect(propertyTypeLabel('')).toBe('')
  })
})

describe('formatListingPrice (issue 15, fix 9)', () => {
  it.each([
    [4500000, 'for_sale', '₹45.00 L'],
    [45000, 'for_rent', '₹45,000/month'],
    [250000, 'for_lease', '₹2.50 L/month'],
    [45000, 'forRent', '₹45,000/month'],
    [45000, null, '₹45,000'],
  ])('%s %s → %s', (price, purpose, shown) => expect(formatListingPrice(price, purpose)).toBe(shown))
})

describe('formatMaintenance (issue 25: maintenance gets its ₹)', () => {
  it('shows an amount in rupees per month, and text as written', () => {
    expect(formatMaintenance('3000')).toBe('₹3,000/month')
    expect(formatMaintenance('₹ 3,500')).toBe('₹3,500/month')
    expect(formatMaintenance('Rs. 2500 per month')).toBe('₹2,500/month')
    expect(formatMaintenance('included in rent')).toBe('included in rent')
    expect(formatMaintenance('')).toBe('')
  })
})
