import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { saveErrorDescription } from '@/features/properties/components/property-form'
import { renderForm, amenity, typeField } from '@/features/properties/test/form-helpers'
import { makeProperty, signedInApi } from '@/features/properties/test/fixtures'
import { ApiError } from '@/lib/api-client'
import { expectToast, mockApi } from '@/test/utils'

afterEach(() => vi.unstubAllGlobals())

describe('PropertyFormDialog (edit)', () => {
  const stored = makeProperty({
    id: 5,
    title: 'Office in HITEC City',
    propertyType: 'commercial',
    listingPurpose: 'for_lease',
    price: 150000,
    state: 'Telangana',
    city: 'Hyderabad',
    locality: 'HITEC City',
    bedrooms: null,
    bathrooms: null,
    commercialType: 'office',
    builtUpArea: 2200,
    washrooms: 2,
    centralAC: true,
    powerBackup: 'full',
    facing: 'East',
    amenities: ['Conference Room', 'CCTV'],
    images: ['/media/img-5'],
    isActive: false,
  })

  it('fills every field from the property, city included', async () => {
    mockApi(signedInApi)
    renderForm(stored)
    expect(screen.getByRole('heading', { name: 'Edit Property' })).toBeInTheDocument()
    expect(screen.getByLabelText('Title')).toHaveValue('Office in HITEC City')
    expect(screen.getByRole('radio', { name: /commercial/i })).toHaveAttribute('aria-checked', 'true')
    expect(screen.getByLabelText('Monthly Lease (₹)')).toHaveValue(150000)
    expect(screen.getByTestId('price-in-words')).toHaveTextContent('One Lakh Fifty Thousand Rupees')
    expect(typeField('Commercial Type')).toHaveValue('office')
    expect(typeField('Built-up Area (sq.ft)')).toHaveValue(2200)
    expect(typeField('Power Backup')).toHaveValue('full')
    expect(within(screen.getByTestId('type-specific-fields')).getByRole('checkbox', { name: 'Central AC' })).toBeChecked()
    expect(screen.getByRole('checkbox', { name: 'Active listing' })).not.toBeChecked()
    expect(amenity('Conference Room')).toBeChecked()
    expect(amenity('CCTV')).toBeChecked()
    expect(amenity('Generator')).not.toBeChecked()
    expect(screen.getByAltText('Property image preview 1')).toHaveAttribute('src', '/media/img-5/card')
    await screen.findByRole('option', { name: 'Hyderabad' })
    expect(screen.getByLabelText('State')).toHaveValue('Telangana')
    expect(screen.getByLabelText('City')).toHaveValue('Hyderabad')
  })

  it('puts the edited listing, keeping the stored image URL', async () => {
    const { calls } = mockApi({ ...signedInApi, 'PUT /api/properties/5': { body: stored } })
    const user = userEvent.setup()
    const { onOpenChange } = renderForm(stored)
    await screen.findByRole('option', { name: 'Hyderabad' })
    await user.clear(typeField('Washrooms'))
    await user.type(typeField('Washrooms'), '3')
    await user.click(screen.getByRole('button', { name: 'Update Property' }))
    await expectToast('Property updated successfully')
    expect(onOpenChange).toHaveBeenCalledWith(false)
    const put = calls.find((c) => c.method === 'PUT')!
    expect(put.path).toBe('/api/properties/5')
    expect(put.body).toMatchObject({
      propertyType: 'commercial',
      listingPurpose: 'for_lease',
      price: 150000,
      commercialType: 'office',
      builtUpArea: 2200,
      washrooms: 3,
      centralAC: true,
      powerBackup: 'full',
      facing: 'East',
      isActive: false,
      amenities: ['Conference Room', 'CCTV'],
      images: ['/media/img-5'],
    })
    expect(put.body).not.toHaveProperty('id')
    expect(put.body).not.toHaveProperty('agentId')
    expect(put.body).not.toHaveProperty('bedrooms')
  })

  it('shows Updating... while saving and the server message on failure', async () => {
    let release!: () => void
    const gate = new Promise<void>((resolve) => (release = resolve))
    mockApi({
      ...signedInApi,
      'PUT /api/properties/5': async () => {
        await gate
        return { status: 404, body: { message: 'Property not found' } }
      },
    })
    const user = userEvent.setup()
    const { onOpenChange } = renderForm(stored)
    await user.click(screen.getByRole('button', { name: 'Update Property' }))
    expect(await screen.findByRole('button', { name: 'Updating...' })).toBeDisabled()
    release()
    await expectToast('Error', 'Property not found')
    expect(onOpenChange).not.toHaveBeenCalledWith(false)
  })
})

describe('saveErrorDescription', () => {
  it('prefers the message, then the field errors, then a generic line', () => {
    expect(saveErrorDescription(new ApiError('Server says no', 400), false)).toBe('Server says no')
    const fields = [
      { path: 'price', message: 'must not be negative' },
      { path: 'city', message: 'is required' },
    ]
    expect(saveErrorDescription(new ApiError('', 400, fields), true)).toBe('price: must not be negative, city: is required')
    expect(saveErrorDescription(new ApiError('', 500), true)).toBe('Failed to update property')
    expect(saveErrorDescription(new ApiError('', 500), false)).toBe('Failed to create property')
  })
})
