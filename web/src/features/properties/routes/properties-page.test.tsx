import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { PropertiesPage } from '@/features/properties/routes/properties-page'
import { makeProperty, signedInApi } from '@/features/properties/test/fixtures'
import { expectToast, mockApi, renderWithProviders } from '@/test/utils'

afterEach(() => vi.unstubAllGlobals())

const listings = [
  makeProperty({
    id: 1,
    title: '3 BHK in Gachibowli',
    city: 'Hyderabad',
    locality: 'Gachibowli',
    propertyType: 'apartment',
    listingPurpose: 'for_sale',
    bedrooms: 3,
  }),
  makeProperty({
    id: 2,
    title: 'Garden villa',
    city: 'Bengaluru',
    state: 'Karnataka',
    locality: 'Whitefield',
    propertyType: 'villa',
    listingPurpose: 'for_rent',
    price: 85000,
    bedrooms: 4,
    images: ['/media/v2'],
  }),
  makeProperty({
    id: 3,
    title: 'Corner plot',
    city: 'bangalore',
    state: 'Karnataka',
    locality: 'Sarjapur',
    propertyType: 'plot',
    listingPurpose: 'for_sale',
    bedrooms: null,
    price: 12_000_000,
  }),
  makeProperty({
    id: 4,
    title: 'Shop on MG Road',
    city: 'Pune',
    state: 'Maharashtra',
    locality: 'Camp',
    propertyType: 'commercial',
    listingPurpose: 'for_lease',
    bedrooms: null,
    isActive: false,
  }),
]

/** The counts of /api/dashboard/stats for `listings` (the counters come from there). */
const stats = {
  properties: 4,
  activeProperties: 3,
  requirements: 0,
  buyerMatches: 0,
  sellerMatches: 0,
  totalMatches: 0,
  newMatches: 0,
  propertyTypes: { apartment: 1, villa: 1, plot: 1, commercial: 1, agricultural: 0 },
}

function setup(properties = listings, extra: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({
    ...signedInApi,
    'GET /api/properties': { body: properties },
    'GET /api/dashboard/stats': { body: stats },
    ...extra,
  })
  const user = userEvent.setup()
  const view = renderWithProviders(<PropertiesPage />, { route: '/properties' })
  return { ...api, user, view }
}

const cardTitles = () =>
  within(screen.getByTestId('property-list'))
    .getAllByRole('heading', { level: 3 })
    .map((h) => h.textContent)

describe('My Properties page', () => {
  it('lists the agent’s properties with counters per type', async () => {
    setup()
    expect(await screen.findByTestId('property-list')).toBeInTheDocument()
    await screen.findByTestId('property-counters')
    expect(cardTitles()).toEqual(['3 BHK in Gachibowli', 'Garden villa', 'Corner plot', 'Shop on MG Road'])
    expect(screen.getByTestId('counter-total')).toHaveTextContent('Total4')
    expect(screen.getByTestId('counter-apartment')).toHaveTextContent('Apartment1')
    expect(screen.getByTestId('counter-villa')).toHaveTextContent('Villa1')
    expect(screen.getByTestId('counter-agricultural')).toHaveTextContent('Agricultural0')
    const villa = screen.getAllByTestId('property-card')[1]!
    expect(villa).toHaveTextContent('Whitefield, Bengaluru')
    expect(villa).toHaveTextContent('₹85,000')
    expect(villa).toHaveTextContent('4 BHK')
    expect(within(villa).getByRole('img', { name: 'Garden villa' })).toHaveAttribute('src', '/media/v2/card')
    const plot = screen.getAllByTestId('property-card')[2]!
    expect(plot).toHaveTextContent('₹1.20 Cr')
    expect(plot).not.toHaveTextContent('BHK')
    expect(within(plot).getByTestId('property-image-placeholder')).toBeInTheDocument()
    expect(screen.getAllByTestId('property-card')[3]).toHaveTextContent('Inactive')
  })

  it('searches title, locality and city', async () => {
    const { user } = setup()
    await screen.findByTestId('property-list')
    const search = screen.getByRole('searchbox', { name: 'Search properties' })
    await user.type(search, 'villa')
    expect(cardTitles()).toEqual(['Garden villa'])
    await user.clear(search)
    await user.type(search, 'sarjapur')
    expect(cardTitles()).toEqual(['Corner plot'])
    await user.clear(search)
    await user.type(search, 'PUNE')
    expect(cardTitles()).toEqual(['Shop on MG Road'])
  })

  it('filters by type, listing type and city, Bangalore matching Bengaluru', async () => {
    const { user } = setup()
    await screen.findByTestId('property-list')
    await user.selectOptions(screen.getByRole('combobox', { name: 'City' }), 'Bangalore')
    expect(cardTitles()).toEqual(['Garden villa', 'Corner plot'])
    await user.selectOptions(screen.getByRole('combobox', { name: 'Listing type' }), 'for_sale')
    expect(cardTitles()).toEqual(['Corner plot'])
    await user.selectOptions(screen.getByRole('combobox', { name: 'Listing type' }), 'all')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Property type' }), 'villa')
    expect(cardTitles()).toEqual(['Garden villa'])
    await user.selectOptions(screen.getByRole('combobox', { name: 'City' }), 'Hyderabad')
    expect(screen.queryByTestId('property-list')).not.toBeInTheDocument()
    expect(screen.getByText('No properties match your search and filters.')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Clear filters' }))
    expect(cardTitles()).toHaveLength(4)
    expect(screen.getByRole('combobox', { name: 'City' })).toHaveValue('all')
  })

  it('shows "No properties yet" with an Add Property button that opens the form', async () => {
    const { user } = setup([])
    expect(await screen.findByText(/^No properties yet/)).toBeInTheDocument()
    expect(screen.queryByTestId('property-counters')).not.toBeInTheDocument()
    const addButtons = screen.getAllByRole('button', { name: 'Add Property' })
    expect(addButtons).toHaveLength(2)
    await user.click(addButtons[1]!)
    expect(await screen.findByRole('heading', { name: 'Add New Property' })).toBeInTheDocument()
    expect(screen.getByLabelText('Title')).toHaveValue('')
  })

  it('asks before deleting, deletes, refetches and confirms', async () => {
    let rows = listings
    const { user, calls } = setup(listings, {
      'GET /api/properties': () => ({ body: rows }),
      'DELETE /api/properties/2': () => {
        rows = listings.filter((p) => p.id !== 2)
        return { body: { message: 'Property deleted' } }
      },
    })
    await screen.findByTestId('property-list')
    await user.click(screen.getByRole('button', { name: 'Delete Garden villa' }))
    const dialog = await screen.findByRole('alertdialog')
    expect(dialog).toHaveTextContent('Are you sure you want to delete this property? This action cannot be undone.')
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false)

    await user.click(screen.getByRole('button', { name: 'Delete Garden villa' }))
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }))
    await expectToast('Property deleted successfully')
    await waitFor(() => expect(cardTitles()).toEqual(['3 BHK in Gachibowli', 'Corner plot', 'Shop on MG Road']))
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/api/properties/2'])
    expect(calls.filter((c) => c.path === '/api/properties' && c.method === 'GET')).toHaveLength(2)
  })

  it('says when a delete fails and keeps the listing', async () => {
    const { user } = setup(listings, { 'DELETE /api/properties/1': { status: 500, body: { message: 'Database unavailable' } } })
    await screen.findByTestId('property-list')
    await user.click(screen.getByRole('button', { name: 'Delete 3 BHK in Gachibowli' }))
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }))
    await expectToast('Failed to delete property', 'Database unavailable')
    const dialog = screen.getByRole('alertdialog')
    expect(within(dialog).getByRole('button', { name: 'Delete' })).toBeEnabled()
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument())
    expect(cardTitles()).toContain('3 BHK in Gachibowli')
  })

  it('opens the detail dialog and goes on to edit from it', async () => {
    const { user } = setup()
    await screen.findByTestId('property-list')
    await user.click(screen.getByRole('button', { name: 'View Garden villa' }))
    const detail = await screen.findByTestId('property-detail-dialog')
    expect(within(detail).getByRole('heading', { name: 'Garden villa' })).toBeInTheDocument()
    expect(detail).toHaveTextContent('For Rent')
    expect(detail).toHaveTextContent('Monthly Rent')
    expect(detail).toHaveTextContent('4 BHK')
    expect(detail).toHaveTextContent('Whitefield')
    await user.click(within(detail).getByRole('button', { name: 'Edit Property' }))
    expect(await screen.findByRole('heading', { name: 'Edit Property' })).toBeInTheDocument()
    expect(screen.getByLabelText('Title')).toHaveValue('Garden villa')
    expect(screen.queryByTestId('property-detail-dialog')).not.toBeInTheDocument()
  })

  it('loads further pages from the Link header with Load more, and hides it on the last page', async () => {
    const page1 = listings.slice(0, 2)
    const page2 = listings.slice(2)
    const { user, calls } = setup(listings, {
      'GET /api/properties': ({ url }) =>
        url.searchParams.get('cursor') === '2'
          ? { body: page2 }
          : { body: page1, headers: { Link: '</api/properties?cursor=2&limit=2>; rel="next"' } },
      'GET /api/dashboard/stats': { body: { ...stats, properties: 40, propertyTypes: { ...stats.propertyTypes, villa: 37 } } },
    })
    await screen.findByTestId('property-list')
    expect(cardTitles()).toEqual(['3 BHK in Gachibowli', 'Garden villa'])
    // Counters count every listing (stats), not the loaded page.
    expect(await screen.findByTestId('counter-total')).toHaveTextContent('Total40')
    expect(screen.getByTestId('counter-villa')).toHaveTextContent('Villa37')
    expect(screen.getByTestId('loaded-only-hint')).toHaveTextContent('Search and filters cover the 2 listings loaded so far')

    await user.click(screen.getByRole('button', { name: 'Load more' }))
    await waitFor(() => expect(cardTitles()).toEqual(['3 BHK in Gachibowli', 'Garden villa', 'Corner plot', 'Shop on MG Road']))
    expect(calls.filter((c) => c.path.startsWith('/api/properties')).map((c) => c.path)).toEqual([
      '/api/properties',
      '/api/properties?cursor=2&limit=2',
    ])
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument()
    expect(screen.queryByTestId('loaded-only-hint')).not.toBeInTheDocument()
  })

  it('shows no Load more when the first page is the only one', async () => {
    setup()
    await screen.findByTestId('property-list')
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument()
    expect(screen.queryByTestId('loaded-only-hint')).not.toBeInTheDocument()
  })
})
