import { describe, expect, it } from 'vitest'
import { mappingChanged, mappingOf, percentDone, recordSummary, rupees, uploadSchema } from '@/features/imports/lib/import-view'

const columns = [
  { index: 0, header: 'Title', field: 'title' },
  { index: 1, header: 'Expected Price', field: 'price' },
  { index: 2, header: 'Notes', field: '' },
]

describe('import view', () => {
  it('keeps the detected mapping and the agent’s changes, by column title', () => {
    expect(mappingChanged(columns, {})).toBe(false)
    expect(mappingChanged(columns, { 1: 'price' })).toBe(false)
    expect(mappingChanged(columns, { 2: 'description' })).toBe(true)
    expect(mappingOf(columns, { 2: 'description', 0: '' })).toEqual({ Title: '', 'Expected Price': 'price', Notes: 'description' })
  })

  it('counts progress in whole percents, never over 100', () => {
    expect(percentDone(0, 0)).toBe(0)
    expect(percentDone(200, 5000)).toBe(4)
    expect(percentDone(5000, 5000)).toBe(100)
    expect(percentDone(6000, 5000)).toBe(100)
  })

  it('shows amounts in rupees with Indian grouping', () => {
    expect(rupees(12_500_000)).toBe('₹1,25,00,000')
    expect(rupees(null)).toBe('')
    expect(
      recordSummary('listings', {
        title: 'Flat',
        propertyType: 'apartment',
        listingPurpose: 'for_sale',
        price: 4_500_000,
        city: 'Kochi',
        locality: 'MG Road',
      }),
    ).toEqual(['Flat', 'Apartment', 'For Sale', '₹45,00,000', 'Kochi', 'MG Road'])
    expect(recordSummary('requirements', null)).toEqual([])
  })

  it('needs a .xlsx or .csv file of at most 10 MB', () => {
    const ok = uploadSchema.safeParse({ kind: 'listings', file: new File(['a,b'], 'book.csv') })
    expect(ok.success).toBe(true)
    const none = uploadSchema.safeParse({ kind: 'listings', file: null })
    expect(none.error?.issues[0]?.message).toBe('Choose an Excel (.xlsx) or CSV file')
    const pdf = uploadSchema.safeParse({ kind: 'listings', file: new File(['x'], 'book.pdf') })
    expect(pdf.success).toBe(false)
    const big = new File([new Uint8Array((10 << 20) + 1)], 'big.csv')
    expect(uploadSchema.safeParse({ kind: 'listings', file: big }).error?.issues[0]?.message).toMatch(/over 10 MB/)
  })
})
