import { describe, expect, it } from 'vitest'
import {
  bedroomChoices,
  furnishingLabel,
  listingPurposeLabel,
  minBedroomsLabel,
  PROPERTY_TYPES,
  propertyTypeLabel,
  requirementPurposeLabel,
  SIDEBAR_PROPERTY_TYPES,
} from '@/shared/listing-vocabulary'

const labels = (options: { label: string }[]) => options.map((o) => o.label)

describe('listing vocabulary', () => {
  it('spells the bedroom choices of each form', () => {
    expect(labels(bedroomChoices.apartment)).toEqual(['1 BHK', '2 BHK', '3 BHK', '4 BHK', '5+ BHK'])
    expect(labels(bedroomChoices.villa)).toEqual(['2 BHK', '3 BHK', '4 BHK', '5 BHK', '6+ BHK'])
    expect(labels(bedroomChoices.requirement)).toEqual(['1 BHK', '2 BHK', '3 BHK', '4+ BHK'])
    expect(bedroomChoices.apartment.map((o) => o.value)).toEqual(['1', '2', '3', '4', '5'])
  })

  it('names a listing purpose alike in both spellings', () => {
    for (const [property, requirement] of [
      ['for_sale', 'forSale'],
      ['for_rent', 'forRent'],
      ['for_lease', 'forLease'],
    ]) {
      expect(requirementPurposeLabel(requirement)).toBe(listingPurposeLabel(property))
      expect(requirementPurposeLabel(property)).toBe(listingPurposeLabel(property))
    }
    expect(listingPurposeLabel('swap')).toBe('swap')
  })

  it('lists every property type in both orders, with a label', () => {
    expect([...SIDEBAR_PROPERTY_TYPES].sort()).toEqual([...PROPERTY_TYPES].sort())
    expect(PROPERTY_TYPES.map(propertyTypeLabel)).toEqual(['Apartment', 'Villa', 'Plot', 'Agricultural', 'Commercial'])
    expect(propertyTypeLabel('farmhouse')).toBe('Farmhouse')
    expect(minBedroomsLabel(3)).toBe('3+ BHK')
    expect(minBedroomsLabel(null)).toBe('')
  })
  it('names furnishing in words, never as stored (issue 25)', () => {
    expect(furnishingLabel('semi')).toBe('Semi-furnished')
    expect(furnishingLabel('fully')).toBe('Fully furnished')
    expect(furnishingLabel('unfurnished')).toBe('Unfurnished')
    expect(furnishingLabel(null)).toBe('')
  })
})
