import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { RequirementsPage } from '@/app/routes/requirements/requirements-page'
import { TestRequirementsPage } from '@/features/requirements/routes/test-requirements-page'
import { makeMatch, makeRequirement } from '@/test/match-fixtures'
import { currentLocation, expectToast, mockApi, renderWithProviders, testUser } from '@/test/utils'

const L = 100_000
const requirements = [
  makeRequirement({ id: 1, clientName: 'Anita Sharma', timeline: 'immediate', minPrice: null, maxPrice: 3 * 10_000_000 }),
  makeRequirement({
    id: 2,
    clientName: 'Vikram Rao',
    timeline: '1month',
    propertyTypes: ['villa'],
    preferredState: 'Karnataka',
    preferredCities: ['Bengaluru'],
    preferredLocalities: [],
    minPrice: 30 * L,
    maxPrice: null,
  }),
  makeRequirement({ id: 3, clientName: 'Meena Iyer', timeline: '6months', listingPurpose: 'forRent', minPrice: null, maxPrice: 20 * L }),
]

const baseApi = {
  'GET /api/user': { body: testUser },
  'GET /api/states': { body: ['Telangana'] },
  'GET /api/cities/Telangana': { body: ['Hyderabad'] },
}

afterEach(() => vi.unstubAllGlobals())

const names = () => screen.queryAllByTestId('requirement-card').map((card) => within(card).getByRole('heading').textContent)
const tile = (label: string) => within(screen.getByTestId(`tile-${label}`)).getByTestId('tile-value').textContent

describe('RequirementsPage', () => {
  it('opens the requirement a match card links to (?requirement=ID), loading pages until found, and drops the parameter', async () => {
    mockApi({
      ...baseApi,
      'GET /api/requirements': (req) =>
        req.url.searchParams.get('cursor')
          ? { body: [requirements[2]] }
          : { body: requirements.slice(0, 2), headers: { Link: '</api/requirements?cursor=2>; rel="next"' } },
    })
    renderWithProviders(<RequirementsPage />, { route: '/requirements?requirement=3' })
    const dialog = await screen.findByRole('dialog', { name: 'Requirement Details' })
    expect(within(dialog).getByTestId('requirement-details')).toHaveTextContent('Meena Iyer')
    await waitFor(() => expect(currentLocation()).toBe('/requirements'))
  })

  it('shows the empty state', async () => {
    mockApi({ ...baseApi, 'GET /api/requirements': { body: [] } })
    renderWithProviders(<RequirementsPage />)
    expect(await screen.findByText(/^No requirements yet/)).toBeInTheDocument()
  })

  it('loads further pages with Load more and says tiles and filters cover the loaded ones', async () => {
    const { calls } = mockApi({
      ...baseApi,
      'GET /api/requirements': ({ url }) =>
        url.searchParams.get('cursor')
          ? { body: requirements.slice(2) }
          : { body: requirements.slice(0, 2), headers: { Link: '</api/requirements?cursor=2&limit=2>; rel="next"' } },
    })
    const user = userEvent.setup()
    renderWithProviders(<RequirementsPage />)
    await screen.findByText('Anita Sharma')
    expect(names()).toEqual(['Anita Sharma', 'Vikram Rao'])
    expect(screen.getByTestId('loaded-only-hint')).toHaveTextContent('Tiles, search and filters cover the 2 requirements loaded so far')
    await user.click(screen.getByRole('button', { name: 'Load more' }))
    await waitFor(() => expect(names()).toEqual(['Anita Sharma', 'Vikram Rao', 'Meena Iyer']))
    expect(calls.map((c) => c.path).filter((p) => p.startsWith('/api/requirements'))).toEqual([
      '/api/requirements',
      '/api/requirements?cursor=2&limit=2',
    ])
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument()
    expect(screen.queryByTestId('loaded-only-hint')).not.toBeInTheDocument()
  })

  it('shows the four tiles and filters by search, city, type, listing type and budget', async () => {
    mockApi({ ...baseApi, 'GET /api/requirements': { body: requirements } })
    const user = userEvent.setup()
    renderWithProviders(<RequirementsPage />)
    await screen.findByText('Anita Sharma')
    expect([tile('Immediate'), tile('Within 1 Month'), tile('High Budget'), tile('Mid Budget')]).toEqual(['1', '1', '1', '1'])
    expect(names()).toEqual(['Anita Sharma', 'Vikram Rao', 'Meena Iyer'])

    await user.type(screen.getByPlaceholderText('Search by client name or location'), 'bengaluru')
    expect(names()).toEqual(['Vikram Rao'])
    await user.clear(screen.getByPlaceholderText('Search by client name or location'))

    const cityOptions = Array.from((screen.getByLabelText('City') as HTMLSelectElement).options).map((o) => o.text)
    expect(cityOptions).toEqual(['All cities', 'Bengaluru', 'Hyderabad'])
    await user.selectOptions(screen.getByLabelText('City'), 'Hyderabad')
    expect(names()).toEqual(['Anita Sharma', 'Meena Iyer'])
    await user.selectOptions(screen.getByLabelText('Listing type'), 'forRent')
    expect(names()).toEqual(['Meena Iyer'])
    await user.selectOptions(screen.getByLabelText('Budget range'), 'above2Cr')
    expect(screen.getByText('No matching requirements')).toBeInTheDocument()

    await user.selectOptions(screen.getByLabelText('City'), 'all')
    await user.selectOptions(screen.getByLabelText('Listing type'), 'all')
    expect(names()).toEqual(['Anita Sharma'])
    await user.selectOptions(screen.getByLabelText('Budget range'), '25L-50L')
    await user.selectOptions(screen.getByLabelText('Property type'), 'villa')
    expect(names()).toEqual(['Vikram Rao'])
  })

  it('asks before deleting, deletes and toasts', async () => {
    const { calls } = mockApi({
      ...baseApi,
      'GET /api/requirements': { body: requirements },
      'DELETE /api/requirements/2': { body: { message: 'Deleted' } },
    })
    const user = userEvent.setup()
    renderWithProviders(<RequirementsPage />)
    await user.click(await screen.findByRole('button', { name: 'Delete requirement for Vikram Rao' }))
    expect(screen.getByText('Are you sure you want to delete the requirement for Vikram Rao?')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Delete' }))
    await expectToast('Requirement deleted successfully')
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/requirements/2')).toBe(true)
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/requirements' && c.method === 'GET')).toHaveLength(2))
  })

  it('toasts when deleting fails', async () => {
    mockApi({
      ...baseApi,
      'GET /api/requirements': { body: requirements },
      'DELETE /api/requirements/1': { status: 500, body: { message: 'Database unavailable' } },
    })
    const user = userEvent.setup()
    renderWithProviders(<RequirementsPage />)
    await user.click(await screen.findByRole('button', { name: 'Delete requirement for Anita Sharma' }))
    await user.click(screen.getByRole('button', { name: 'Delete' }))
    await expectToast('Failed to delete requirement', 'Database unavailable')
  })

  it('shows details with the phone without +91 and opens the edit form from them', async () => {
    mockApi({ ...baseApi, 'GET /api/requirements': { body: requirements } })
    const user = userEvent.setup()
    renderWithProviders(<RequirementsPage />)
    const card = (await screen.findAllByTestId('requirement-card'))[0]!
    await user.click(within(card).getByRole('button', { name: /view details/i }))
    const details = screen.getByTestId('requirement-details')
    expect(within(details).getByText('9812345678')).toBeInTheDocument()
    expect(within(details).getByText('Immediate')).toBeInTheDocument()
    expect(within(details).getByText('3+ BHK')).toBeInTheDocument()
    expect(within(details).getByText('1200 - 1800 sq.ft')).toBeInTheDocument()
    expect(within(details).getByText('Up to ₹3.00 Cr')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: /edit/i }))
    expect(await screen.findByRole('heading', { name: 'Edit Client Requirement' })).toBeInTheDocument()
    expect(screen.getByLabelText('Client Name')).toHaveValue('Anita Sharma')
  })

  it('lists matching properties, or promises to notify when none', async () => {
    mockApi({
      ...baseApi,
      'GET /api/requirements': { body: requirements },
      'GET /api/requirements/1/matches': { body: [makeMatch({ matchScore: 75 })] },
      'GET /api/requirements/2/matches': { body: [] },
    })
    const user = userEvent.setup()
    renderWithProviders(<RequirementsPage />)
    const cards = await screen.findAllByTestId('requirement-card')
    await user.click(within(cards[0]!).getByRole('button', { name: /view matches/i }))
    const row = await screen.findByTestId('requirement-match')
    expect(within(row).getByText('3BHK Lake View Apartment')).toBeInTheDocument()
    expect(within(row).getByText('75% match')).toHaveClass('bg-warning-soft')
    expect(within(row).getByText(/Hyderabad, Telangana · Apartment · ₹85.00 L/)).toBeInTheDocument()
    expect(within(row).getByRole('img')).toHaveAttribute('src', '/media/7/card')
    const open = vi.spyOn(window, 'open').mockReturnValue(null)
    await user.click(within(row).getByRole('button', { name: /contact agent/i }))
    expect(open.mock.calls[0]![0]).toMatch(/^https:\/\/wa\.me\/919000011111\?text=/)
    await user.keyboard('{Escape}')
    await user.click(within(cards[1]!).getByRole('button', { name: /view matches/i }))
    expect(await screen.findByText('No matches found for this requirement')).toBeInTheDocument()
    expect(screen.getByText(/notify you when matching properties/)).toBeInTheDocument()
  })
})

describe('TestRequirementsPage', () => {
  it('hosts the form and lists requirements with id and active flag', async () => {
    mockApi({
      ...baseApi,
      'GET /api/requirements': { body: [makeRequirement({ id: 7 }), makeRequirement({ id: 8, clientName: 'Old Lead', isActive: false })] },
    })
    renderWithProviders(<TestRequirementsPage />)
    const list = await screen.findByTestId('test-requirements-list')
    expect(within(list).getByText('#7')).toBeInTheDocument()
    expect(within(list).getByText('Active')).toBeInTheDocument()
    expect(within(list).getByText('#8')).toBeInTheDocument()
    expect(within(list).getByText('Inactive')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Post Requirement' })).toBeInTheDocument()
  })
})
