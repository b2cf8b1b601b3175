import { describe, expect, it } from 'vitest'
import {
  emptyRequirementForm,
  formValuesFromRequirement,
  requirementBody,
  requirementUpdateBody,
  splitLocalities,
} from '@/features/requirements/lib/requirement-form-values'
import { saveErrorMessage } from '@/lib/api-client'
import { makeRequirement } from '@/test/match-fixtures'

describe('requirement form values', () => {
  it('splits localities on commas, trims them and drops empties', () => {
    expect(splitLocalities(' Gachibowli, ,Kondapur ,, Madhapur ')).toEqual(['Gachibowli', 'Kondapur', 'Madhapur'])
    expect(splitLocalities(' , ')).toEqual([])
  })

  it('builds the body: one type and city as lists, +91, numbers, empties omitted, active and real', () => {
    const body = requirementBody({
      ...emptyRequirementForm,
      clientName: '  Anita ',
      clientPhone: '9812345678',
      propertyType: 'plot',
      preferredState: 'Telangana',
      preferredCity: 'Hyderabad',
      minPrice: '2500000',
      minArea: '1200',
      bedrooms: '3',
    })
    expect(body).toEqual({
      clientName: 'Anita',
      clientPhone: '+919812345678',
      propertyTypes: ['plot'],
      listingPurpose: 'forSale',
      preferredState: 'Telangana',
      preferredCities: ['Hyderabad'],
      timeline: 'immediate',
      minPrice: 2500000,
      minArea: 1200,
      isActive: true,
      isRealData: true,
    })
  })

  it('sends bedrooms only for apartments and villas, and acres as decimals', () => {
    expect(requirementBody({ ...emptyRequirementForm, propertyType: 'villa', bedrooms: '4' }).minBedrooms).toBe(4)
    expect(requirementBody({ ...emptyRequirementForm, propertyType: 'agricultural', minArea: '2.5' }).minArea).toBe(2.5)
  })

  it('fills the form from a requirement without the +91, with the first type and first city', () => {
    const values = formValuesFromRequirement(
      makeRequirement({
        propertyTypes: ['villa', 'apartment'],
        preferredCities: ['Warangal', 'Hyderabad'],
        specialRequirements: null,
        notes: 'old note',
      }),
    )
    expect(values).toMatchObject({
      clientPhone: '+91 98123 45678',
      propertyType: 'villa',
      preferredCity: 'Warangal',
      preferredLocalities: 'Gachibowli, Kondapur',
      minPrice: '5000000',
      maxPrice: '9000000',
      bedrooms: '3',
      specialRequirements: 'old note',
    })
  })
})

describe('requirementUpdateBody', () => {
  const filled = formValuesFromRequirement(makeRequirement())

  it('sends null for emptied optional fields and [] for emptied localities', () => {
    const body = requirementUpdateBody({
      ...filled,
      clientEmail: ' ',
      minPrice: '',
      maxPrice: '',
      preferredLocalities: ' , ',
      bedrooms: '',
      minArea: '',
      maxArea: '',
      specialRequirements: '',
    })
    expect(body).toMatchObject({
      clientEmail: null,
      minPrice: null,
      maxPrice: null,
      preferredLocalities: [],
      minBedrooms: null,
      maxBedrooms: null,
      minArea: null,
      maxArea: null,
      specialRequirements: null,
    })
    expect(body).not.toHaveProperty('notes')
  })

  it('keeps filled values and the stored maximum bedrooms', () => {
    const body = requirementUpdateBody(filled, makeRequirement())
    expect(body).toEqual({ ...requirementBody(filled) })
    expect(body).not.toHaveProperty('maxBedrooms')
  })

  it('clears bedrooms for a type without them', () => {
    const body = requirementUpdateBody({ ...filled, propertyType: 'plot' })
    expect(body).toMatchObject({ minBedrooms: null, maxBedrooms: null })
  })

  it('clears the old notes when the box they filled is emptied', () => {
    const original = makeRequirement({ specialRequirements: null, notes: 'old note' })
    const values = formValuesFromRequirement(original)
    expect(values.specialRequirements).toBe('old note')
    expect(requirementUpdateBody({ ...values, specialRequirements: '' }, original)).toMatchObject({
      specialRequirements: null,
      notes: null,
    })
    expect(requirementUpdateBody({ ...values, specialRequirements: '' }, makeRequirement({ notes: 'kept' }))).not.toHaveProperty('notes')
  })
})

describe('saveErrorMessage', () => {
  it('prefers the server message, then the field errors, then the fallback', () => {
    expect(saveErrorMessage({ message: 'Client name is too long', errors: [] }, 'Failed')).toBe('Client name is too long')
    expect(
      saveErrorMessage(
        {
          message: '',
          errors: [
            { path: 'clientPhone', message: 'invalid' },
            { path: 'preferredCities', message: 'required' },
          ],
        },
        'Failed',
      ),
    ).toBe('clientPhone: invalid, preferredCities: required')
    expect(saveErrorMessage({ message: ' ' }, 'Failed to post requirement')).toBe('Failed to post requirement')
  })
})
