import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { RequirementFormDialog } from '@/features/requirements/components/requirement-form-dialog'
import { makeRequirement } from '@/test/match-fixtures'
import { expectToast, mockApi, renderWithProviders, testUser } from '@/test/utils'

const baseApi = {
  'GET /api/user': { body: testUser },
  'GET /api/states': { body: ['Karnataka', 'Telangana'] },
  'GET /api/cities/Telangana': { body: ['Hyderabad', 'Warangal'] },
  'GET /api/cities/Karnataka': { body: ['Bengaluru'] },
}

afterEach(() => vi.unstubAllGlobals())

type User = ReturnType<typeof userEvent.setup>

async function chooseLocation(user: User, state = 'Telangana', city = 'Hyderabad') {
  await screen.findByRole('option', { name: state })
  await user.selectOptions(screen.getByLabelText('State'), state)
  await screen.findByRole('option', { name: city })
  await user.selectOptions(screen.getByLabelText('City'), city)
}

async function fillValid(user: User) {
  await user.type(screen.getByLabelText('Client Name'), 'Anita Sharma')
  await user.type(screen.getByLabelText('Client Phone'), '9812345678')
  await user.click(screen.getByRole('radio', { name: 'Apartment' }))
  await chooseLocation(user)
}

const submit = (user: User) => user.click(screen.getByRole('button', { name: /post requirement/i }))

describe('RequirementFormDialog validation', () => {
  it('shows every required-field message and the property type toast, and sends nothing', async () => {
    const { calls } = mockApi(baseApi)
    const user = userEvent.setup()
    renderWithProviders(<RequirementFormDialog open onOpenChange={() => {}} />)
    await submit(user)
    expect(await screen.findByText('Client name is required')).toBeInTheDocument()
    expect(screen.getByText('Phone number must be exactly 10 digits')).toBeInTheDocument()
    expect(screen.getByText('Please select a preferred state')).toBeInTheDocument()
    expect(screen.getByText('Please select a preferred city')).toBeInTheDocument()
    await expectToast('Please select a property type')
    expect(calls.some((c) => c.method === 'POST')).toBe(false)
  })

  it('refuses a phone that is not exactly 10 digits and a malformed email', async () => {
    mockApi(baseApi)
    const user = userEvent.setup()
    renderWithProviders(<RequirementFormDialog open onOpenChange={() => {}} />)
    await fillValid(user)
    await user.clear(screen.getByLabelText('Client Phone'))
    await user.type(screen.getByLabelText('Client Phone'), '98123')
    await user.type(screen.getByLabelText('Client Email (optional)'), 'anita@')
    await submit(user)
    expect(await screen.findByText('Phone number must be exactly 10 digits')).toBeInTheDocument()
    expect(screen.getByText('Enter a valid email address')).toBeInTheDocument()
    expect(screen.queryByText('Client name is required')).not.toBeInTheDocument()
  })

  it('needs max budget and max area at least the minimums', async () => {
    const { calls } = mockApi(baseApi)
    const user = userEvent.setup()
    renderWithProviders(<RequirementFormDialog open onOpenChange={() => {}} />)
    await fillValid(user)
    await user.type(screen.getByLabelText('Min Budget (₹)'), '5000000')
    await user.type(screen.getByLabelText('Max Budget (₹)'), '4000000')
    await user.type(screen.getByLabelText('Min Area (sq.ft)'), '1500')
    await user.type(screen.getByLabelText('Max Area (sq.ft)'), '1000')
    await submit(user)
    expect(await screen.findByText('Max budget must be greater than or equal to min budget')).toBeInTheDocument()
    expect(screen.getByText('Max area must be greater than or equal to min area')).toBeInTheDocument()
    expect(screen.getByLabelText('Max Budget (₹)')).toHaveAttribute('aria-invalid', 'true')
    expect(calls.some((c) => c.method === 'POST')).toBe(false)
  })

  it('labels the area by property type and offers bedrooms only for apartments and villas', async () => {
    mockApi(baseApi)
    const user = userEvent.setup()
    renderWithProviders(<RequirementFormDialog open onOpenChange={() => {}} />)
    expect(screen.queryByLabelText('Bedrooms')).not.toBeInTheDocument()
    await user.click(screen.getByRole('radio', { name: 'Villa' }))
    expect(screen.getByLabelText('Bedrooms')).toBeInTheDocument()
    expect(screen.getByRole('option', { name: '4+ BHK' })).toHaveValue('4')
    await user.click(screen.getByRole('radio', { name: 'Plot' }))
    expect(screen.queryByLabelText('Bedrooms')).not.toBeInTheDocument()
    expect(screen.getByLabelText('Min Plot size (sq.ft)')).toBeInTheDocument()
    await user.click(screen.getByRole('radio', { name: 'Agricultural' }))
    expect(screen.getByLabelText('Max Land size (acres)')).toHaveAttribute('step', '0.5')
    await user.click(screen.getByRole('radio', { name: 'Commercial' }))
    expect(screen.getByLabelText('Min Built-up area (sq.ft)')).toHaveAttribute('step', '1')
  })

  it('lists the four timelines', async () => {
    mockApi(baseApi)
    renderWithProviders(<RequirementFormDialog open onOpenChange={() => {}} />)
    const options = Array.from((screen.getByLabelText('Timeline') as HTMLSelectElement).options).map((o) => [o.value, o.text])
    expect(options).toEqual([
      ['immediate', 'Immediate'],
      ['1month', 'Within 1 month'],
      ['3months', 'Within 3 months'],
      ['6months', 'Within 6 months'],
    ])
  })
})

describe('RequirementFormDialog saving', () => {
  it('posts the request body with +91, split localities and numbers, then toasts and closes', async () => {
    let release: () => void = () => {}
    const gate = new Promise<void>((resolve) => (release = resolve))
    const { calls } = mockApi({
      ...baseApi,
      'POST /api/requirements': async () => {
        await gate
        return { status: 201, body: makeRequirement() }
      },
    })
    const onOpenChange = vi.fn()
    const user = userEvent.setup()
    renderWithProviders(<RequirementFormDialog open onOpenChange={onOpenChange} />)
    await fillValid(user)
    await user.type(screen.getByLabelText('Client Email (optional)'), 'anita@example.com')
    await user.selectOptions(screen.getByLabelText('Listing Purpose'), 'forRent')
    await user.selectOptions(screen.getByLabelText('Timeline'), '1month')
    await user.type(screen.getByLabelText('Min Budget (₹)'), '25000')
    await user.type(screen.getByLabelText('Max Budget (₹)'), '40000')
    await user.type(screen.getByLabelText('Preferred Localities'), ' Gachibowli, , Kondapur ,')
    await user.selectOptions(screen.getByLabelText('Bedrooms'), '2')
    await user.type(screen.getByLabelText('Min Area (sq.ft)'), '900')
    await user.type(screen.getByLabelText('Special Requirements'), 'Near metro')
    await submit(user)
    expect(await screen.findByRole('button', { name: 'Posting...' })).toBeDisabled()
    release()
    await expectToast('Requirement posted successfully')
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      clientName: 'Anita Sharma',
      clientPhone: '+919812345678',
      clientEmail: 'anita@example.com',
      propertyTypes: ['apartment'],
      listingPurpose: 'forRent',
      minPrice: 25000,
      maxPrice: 40000,
      preferredState: 'Telangana',
      preferredCities: ['Hyderabad'],
      preferredLocalities: ['Gachibowli', 'Kondapur'],
      minBedrooms: 2,
      minArea: 900,
      specialRequirements: 'Near metro',
      timeline: '1month',
      isActive: true,
      isRealData: true,
    })
    expect(onOpenChange).toHaveBeenCalledWith(false)
  })

  it('shows the server message when posting fails', async () => {
    mockApi({
      ...baseApi,
      'POST /api/requirements': { status: 400, body: { message: 'Preferred city is not in Telangana', errors: [] } },
    })
    const onOpenChange = vi.fn()
    const user = userEvent.setup()
    renderWithProviders(<RequirementFormDialog open onOpenChange={onOpenChange} />)
    await fillValid(user)
    await submit(user)
    await expectToast('Error', 'Preferred city is not in Telangana')
    expect(onOpenChange).not.toHaveBeenCalled()
  })

  it.each(['+91 98450 12345', '098450-12345', '9845012345', '+919845012345'])(
    'accepts the client phone written as %s, shows it spaced and posts +919845012345',
    async (typed) => {
      const { calls } = mockApi({ ...baseApi, 'POST /api/requirements': { status: 201, body: makeRequirement() } })
      const user = userEvent.setup()
      renderWithProviders(<RequirementFormDialog open onOpenChange={() => {}} />)
      await fillValid(user)
      await user.clear(screen.getByLabelText('Client Phone'))
      await user.click(screen.getByLabelText('Client Phone'))
      await user.paste(typed)
      await user.tab()
      expect(screen.getByLabelText('Client Phone')).toHaveValue('+91 98450 12345')
      await submit(user)
      await expectToast('Requirement posted successfully')
      expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({ clientPhone: '+919845012345' })
    },
  )

  it('writes the budgets in lakh and crore under the fields', async () => {
    mockApi(baseApi)
    const user = userEvent.setup()
    renderWithProviders(<RequirementFormDialog open onOpenChange={() => {}} />)
    expect(screen.getByTestId('min-budget-in-words')).toHaveTextContent('')
    await user.type(screen.getByLabelText('Min Budget (₹)'), '7500000')
    await user.type(screen.getByLabelText('Max Budget (₹)'), '12500000')
    expect(screen.getByTestId('min-budget-in-words')).toHaveTextContent('Seventy Five Lakh Rupees')
    expect(screen.getByTestId('max-budget-in-words')).toHaveTextContent('One Crore Twenty Five Lakh Rupees')
  })

  it('edits: fills the form with the spaced +91 number and patches with +91', async () => {
    const requirement = makeRequirement({ propertyTypes: ['villa', 'apartment'], preferredCities: ['Warangal', 'Hyderabad'] })
    const { calls } = mockApi({ ...baseApi, 'PATCH /api/requirements/21': { body: requirement } })
    const user = userEvent.setup()
    renderWithProviders(<RequirementFormDialog open onOpenChange={() => {}} requirement={requirement} />)
    expect(screen.getByRole('heading', { name: 'Edit Client Requirement' })).toBeInTheDocument()
    expect(screen.getByLabelText('Client Phone')).toHaveValue('+91 98123 45678')
    expect(screen.getByRole('radio', { name: 'Villa' })).toBeChecked()
    await screen.findByRole('option', { name: 'Warangal' })
    expect(screen.getByLabelText('City')).toHaveValue('Warangal')
    expect(screen.getByLabelText('Preferred Localities')).toHaveValue('Gachibowli, Kondapur')
    await user.clear(screen.getByLabelText('Client Phone'))
    await user.type(screen.getByLabelText('Client Phone'), '9000000001')
    await user.click(screen.getByRole('button', { name: 'Update Requirement' }))
    await expectToast('Requirement updated successfully')
    const patch = calls.find((c) => c.method === 'PATCH')!
    expect(patch.path).toBe('/api/requirements/21')
    expect(patch.body).toMatchObject({ clientPhone: '+919000000001', propertyTypes: ['villa'], preferredCities: ['Warangal'] })
  })

  it('edits: sends null for every optional field the agent emptied, so the server clears it', async () => {
    const requirement = makeRequirement({ maxBedrooms: 4 })
    const { calls } = mockApi({ ...baseApi, 'PATCH /api/requirements/21': { body: requirement } })
    const user = userEvent.setup()
    renderWithProviders(<RequirementFormDialog open onOpenChange={() => {}} requirement={requirement} />)
    await screen.findByRole('option', { name: 'Hyderabad' })
    for (const label of ['Client Email (optional)', 'Preferred Localities', 'Special Requirements'])
      await user.clear(screen.getByLabelText(label))
    for (const input of [/min budget/i, /max budget/i, /^min .*sq/i, /^max .*sq/i]) await user.clear(screen.getByLabelText(input))
    await user.selectOptions(screen.getByLabelText('Bedrooms'), '')
    await user.click(screen.getByRole('button', { name: 'Update Requirement' }))
    await expectToast('Requirement updated successfully')
    const patch = calls.find((c) => c.method === 'PATCH')!
    expect(patch.body).toMatchObject({
      clientEmail: null,
      minPrice: null,
      maxPrice: null,
      preferredLocalities: [],
      minBedrooms: null,
      maxBedrooms: null,
      minArea: null,
      maxArea: null,
      specialRequirements: null,
      clientName: 'Anita Sharma',
      clientPhone: '+919812345678',
      preferredCities: ['Hyderabad'],
    })
  })

  it('edits: leaves filled fields as they are and never sends null when posting', async () => {
    const requirement = makeRequirement()
    const { calls } = mockApi({
      ...baseApi,
      'PATCH /api/requirements/21': { body: requirement },
      'POST /api/requirements': { status: 201, body: requirement },
    })
    const user = userEvent.setup()
    const view = renderWithProviders(<RequirementFormDialog open onOpenChange={() => {}} requirement={requirement} />)
    await screen.findByRole('option', { name: 'Hyderabad' })
    await user.click(screen.getByRole('button', { name: 'Update Requirement' }))
    await expectToast('Requirement updated successfully')
    expect(calls.find((c) => c.method === 'PATCH')!.body).toMatchObject({
      clientEmail: 'anita@example.com',
      minPrice: 5_000_000,
      maxPrice: 9_000_000,
      preferredLocalities: ['Gachibowli', 'Kondapur'],
      minBedrooms: 3,
      minArea: 1200,
      maxArea: 1800,
      specialRequirements: 'East facing',
    })
    expect(calls.find((c) => c.method === 'PATCH')!.body).not.toHaveProperty('maxBedrooms')
    view.unmount()

    renderWithProviders(<RequirementFormDialog open onOpenChange={() => {}} />)
    await fillValid(user)
    await submit(user)
    await expectToast('Requirement posted successfully')
    const post = calls.find((c) => c.method === 'POST')!.body as Record<string, unknown>
    expect(Object.values(post)).not.toContain(null)
    expect(post).not.toHaveProperty('clientEmail')
    expect(post).not.toHaveProperty('preferredLocalities')
  })

  it('shows the server message when updating fails', async () => {
    mockApi({ ...baseApi, 'PATCH /api/requirements/21': { status: 404, body: { message: 'Requirement not found' } } })
    const user = userEvent.setup()
    renderWithProviders(<RequirementFormDialog open onOpenChange={() => {}} requirement={makeRequirement()} />)
    await screen.findByRole('option', { name: 'Hyderabad' })
    await user.click(screen.getByRole('button', { name: 'Update Requirement' }))
    await expectToast('Error', 'Requirement not found')
  })

  it('refreshes requirements, matches, marketplace and stats after saving', async () => {
    mockApi({ ...baseApi, 'POST /api/requirements': { status: 201, body: makeRequirement() } })
    const user = userEvent.setup()
    const { queryClient } = renderWithProviders(<RequirementFormDialog open onOpenChange={() => {}} />)
    const keys = [
      ['/api/requirements'],
      ['/api/matches', { type: 'buyer' }],
      ['/api/marketplace/requirements', {}],
      ['/api/dashboard/stats'],
      ['/api/properties'],
    ]
    keys.forEach((key) => queryClient.setQueryData(key, []))
    await fillValid(user)
    await submit(user)
    await expectToast('Requirement posted successfully')
    await waitFor(() => expect(queryClient.getQueryState(['/api/requirements'])!.isInvalidated).toBe(true))
    expect(queryClient.getQueryState(['/api/matches', { type: 'buyer' }])!.isInvalidated).toBe(true)
    expect(queryClient.getQueryState(['/api/marketplace/requirements', {}])!.isInvalidated).toBe(true)
    expect(queryClient.getQueryState(['/api/dashboard/stats'])!.isInvalidated).toBe(true)
    expect(queryClient.getQueryState(['/api/properties'])!.isInvalidated).toBe(false)
  })
})
