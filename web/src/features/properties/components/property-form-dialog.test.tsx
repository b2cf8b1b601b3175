import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderForm, amenity, typeField, queryAmenity, chooseLocation, setPrice } from '@/features/properties/test/form-helpers'
import { makeProperty, signedInApi } from '@/features/properties/test/fixtures'
import { expectToast, mockApi } from '@/test/utils'

afterEach(() => vi.unstubAllGlobals())

describe('PropertyFormDialog (new)', () => {
  it('starts as an active apartment for sale at price 0, with the apartment amenities', async () => {
    mockApi(signedInApi)
    renderForm()
    expect(screen.getByRole('heading', { name: 'Add New Property' })).toBeInTheDocument()
    expect(screen.getByRole('radio', { name: /apartment/i })).toHaveAttribute('aria-checked', 'true')
    expect(screen.getByLabelText('Listing Purpose')).toHaveValue('for_sale')
    expect(screen.getByLabelText('Sale Price (₹)')).toHaveValue(0)
    expect(screen.getByRole('checkbox', { name: 'Active listing' })).toBeChecked()
    expect(screen.getByRole('checkbox', { name: 'RERA approved' })).not.toBeChecked()
    expect(amenity("Children's Play Area")).not.toBeChecked()
    expect(queryAmenity('Bore Well')).not.toBeInTheDocument()
    expect(screen.queryByAltText('Property image preview 1')).not.toBeInTheDocument()
    expect(screen.getByTestId('price-in-words')).toHaveTextContent('')
    expect(screen.getByRole('button', { name: 'Publish Property' })).toBeInTheDocument()
  })

  it('labels the price by listing purpose and spells it in words', async () => {
    mockApi(signedInApi)
    const user = userEvent.setup()
    renderForm()
    await setPrice(user, '2500000')
    expect(screen.getByTestId('price-in-words')).toHaveTextContent('Twenty Five Lakh Rupees')
    await user.selectOptions(screen.getByLabelText('Listing Purpose'), 'for_rent')
    expect(screen.getByLabelText('Monthly Rent (₹)')).toHaveValue(2500000)
    await user.selectOptions(screen.getByLabelText('Listing Purpose'), 'for_lease')
    expect(screen.getByLabelText('Monthly Lease (₹)')).toBeInTheDocument()
  })

  it('clears type-specific fields and amenities on a type change, keeping title and price', async () => {
    mockApi(signedInApi)
    const user = userEvent.setup()
    renderForm()
    await user.type(screen.getByLabelText('Title'), 'Lake view home')
    await setPrice(user, '9000000')
    await user.selectOptions(typeField('Bedrooms'), '3')
    await user.type(typeField('Floor Number'), '7')
    await user.click(amenity('Gym'))
    await user.click(amenity('Parking'))
    expect(amenity('Gym')).toBeChecked()

    await user.click(screen.getByRole('radio', { name: /villa/i }))
    expect(screen.getByLabelText('Title')).toHaveValue('Lake view home')
    expect(screen.getByLabelText('Sale Price (₹)')).toHaveValue(9000000)
    expect(typeField('Bedrooms')).toHaveValue('')
    expect(within(typeField('Bedrooms')).queryByRole('option', { name: '1 BHK' })).not.toBeInTheDocument()
    expect(within(typeField('Bedrooms')).getByRole('option', { name: '6+ BHK' })).toBeInTheDocument()
    expect(within(screen.getByTestId('type-specific-fields')).queryByLabelText('Floor Number')).not.toBeInTheDocument()
    expect(typeField('Villa Size (sq.ft)')).toHaveValue(null)
    expect(amenity('Bore Well')).not.toBeChecked()
    expect(amenity('Parking')).not.toBeChecked()
    expect(queryAmenity('Gym')).not.toBeInTheDocument()

    await user.click(screen.getByRole('radio', { name: /apartment/i }))
    expect(typeField('Floor Number')).toHaveValue('')
    expect(amenity('Gym')).not.toBeChecked()
    expect(screen.getByLabelText('Title')).toHaveValue('Lake view home')
  })

  it('shows each type its own fields and amenities', async () => {
    mockApi(signedInApi)
    const user = userEvent.setup()
    renderForm()
    await user.click(screen.getByRole('radio', { name: /plot/i }))
    expect(typeField('Zone')).toBeInTheDocument()
    expect(typeField('Frontage (feet)')).toBeInTheDocument()
    expect(amenity('Boundary Wall')).toBeInTheDocument()
    expect(queryAmenity('Gym')).not.toBeInTheDocument()

    await user.click(screen.getByRole('radio', { name: /agricultural/i }))
    expect(typeField('Land Size (acres)')).toHaveAttribute('step', '0.5')
    expect(within(typeField('Irrigation System')).getByRole('option', { name: 'Borewell' })).toBeInTheDocument()
    expect(amenity('Storage Facility')).toBeInTheDocument()

    await user.click(screen.getByRole('radio', { name: /commercial/i }))
    expect(within(typeField('Commercial Type')).getByRole('option', { name: 'Showroom' })).toBeInTheDocument()
    expect(within(screen.getByTestId('type-specific-fields')).getByRole('checkbox', { name: 'Central AC' })).not.toBeChecked()
    expect(amenity('Conference Room')).toBeInTheDocument()
    expect(queryAmenity('Boundary Wall')).not.toBeInTheDocument()
  })

  it('posts price and integer fields as numbers, only the current type’s fields, and no id or agentId', async () => {
    let release!: () => void
    const gate = new Promise<void>((resolve) => (release = resolve))
    const { calls } = mockApi({
      ...signedInApi,
      'POST /api/properties': async ({ body }) => {
        await gate
        return { status: 201, body: makeProperty({ ...(body as object), id: 9 }) }
      },
    })
    const user = userEvent.setup()
    const { onOpenChange } = renderForm()
    await user.selectOptions(typeField('Bedrooms'), '2')
    await user.click(screen.getByRole('radio', { name: /villa/i }))
    await user.type(screen.getByLabelText('Title'), '  Villa in Kokapet ')
    await setPrice(user, '45000000')
    await chooseLocation(user)
    await user.type(screen.getByLabelText('Locality'), 'Kokapet')
    await user.type(screen.getByLabelText('Pincode'), '500075')
    await user.selectOptions(typeField('Bedrooms'), '4')
    await user.selectOptions(typeField('Bathrooms'), '5')
    await user.type(typeField('Plot Area (sq.ft)'), '2400')
    await user.type(typeField('Villa Size (sq.ft)'), '3200')
    await user.selectOptions(typeField('Garden'), 'yes')
    await user.selectOptions(typeField('Furnished Status'), 'semi')
    await user.click(screen.getByRole('checkbox', { name: 'Legal documents available' }))
    await user.click(amenity('Garden'))
    await user.click(amenity('Bore Well'))
    await user.click(screen.getByRole('button', { name: 'Publish Property' }))

    expect(await screen.findByRole('button', { name: 'Publishing...' })).toBeDisabled()
    release()
    await expectToast('Property created successfully')
    await waitFor(() => expect(onOpenChange).toHaveBeenCalledWith(false))

    const post = calls.find((c) => c.method === 'POST' && c.path === '/api/properties')!
    expect(post.body).toEqual({
      title: 'Villa in Kokapet',
      description: '',
      propertyType: 'villa',
      listingPurpose: 'for_sale',
      price: 45000000,
      state: 'Telangana',
      city: 'Hyderabad',
      locality: 'Kokapet',
      pincode: '500075',
      address: '',
      hasLegalDocs: true,
      reraApproved: false,
      isActive: true,
      centralAC: false,
      amenities: ['Garden', 'Bore Well'],
      images: [],
      isRealData: true,
      bedrooms: 4,
      bathrooms: 5,
      plotArea: 2400,
      villaSize: 3200,
      garden: 'yes',
      furnished: 'semi',
    })
    expect(post.body).not.toHaveProperty('id')
    expect(post.body).not.toHaveProperty('agentId')
  })

  it('refuses to submit without a title or location', async () => {
    const { calls } = mockApi(signedInApi)
    const user = userEvent.setup()
    renderForm()
    await user.click(screen.getByRole('button', { name: 'Publish Property' }))
    expect(await screen.findByText('Title is required')).toBeInTheDocument()
    expect(screen.getByText('Please select a state')).toBeInTheDocument()
    expect(screen.getByText('Please select a city')).toBeInTheDocument()
    expect(calls.some((c) => c.method === 'POST')).toBe(false)
  })

  it('rejects an image of 300KB or more with a toast, and sends a smaller one as a data URL', async () => {
    const { calls } = mockApi({ ...signedInApi, 'POST /api/properties': { status: 201, body: makeProperty() } })
    const user = userEvent.setup()
    renderForm()
    const input = screen.getByLabelText('Property Image')
    await user.upload(input, new File([new Uint8Array(300 * 1024)], 'big.png', { type: 'image/png' }))
    await expectToast('File too large', 'Image size must be less than 300KB')
    expect(screen.queryByAltText('Property image preview 1')).not.toBeInTheDocument()

    await user.upload(input, new File(['tiny'], 'small.jpg', { type: 'image/jpeg' }))
    const preview = await screen.findByAltText('Property image preview 1')
    expect(preview.getAttribute('src')).toMatch(/^data:image\/jpeg;base64,/)
    await user.click(screen.getByRole('button', { name: 'Remove photo 1' }))
    expect(screen.queryByAltText('Property image preview 1')).not.toBeInTheDocument()
    await user.upload(input, new File(['tiny'], 'small.png', { type: 'image/png' }))
    await screen.findByAltText('Property image preview 1')

    await user.type(screen.getByLabelText('Title'), 'With photo')
    await chooseLocation(user)
    await user.click(screen.getByRole('button', { name: 'Publish Property' }))
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true))
    const body = calls.find((c) => c.method === 'POST')!.body as { images: string[] }
    expect(body.images).toHaveLength(1)
    expect(body.images[0]).toMatch(/^data:image\/png;base64,/)
  })

  it('shows server field errors under their fields and the message in an Error toast', async () => {
    mockApi({
      ...signedInApi,
      'POST /api/properties': {
        status: 400,
        body: {
          message: 'Invalid input',
          errors: [
            { path: 'title', message: 'Title is already used by another of your listings' },
            { path: 'images[0]', message: 'Image must be a PNG or JPEG under 300 KB' },
          ],
        },
      },
    })
    const user = userEvent.setup()
    renderForm()
    await user.type(screen.getByLabelText('Title'), 'Duplicate')
    await chooseLocation(user)
    await user.click(screen.getByRole('button', { name: 'Publish Property' }))
    await expectToast('Error', 'Invalid input')
    const title = screen.getByLabelText('Title')
    expect(title).toHaveAttribute('aria-invalid', 'true')
    expect(title.parentElement).toHaveTextContent('Title is already used by another of your listings')
    expect(screen.getByText('Photo 1: Image must be a PNG or JPEG under 300 KB')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Publish Property' })).toBeEnabled()
  })
})
