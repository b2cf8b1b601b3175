import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { MatchesPage } from '@/features/matches/routes/matches-page'
import { makeMatch, makeProperty, makePublicRequirement, makeRequirement } from '@/test/match-fixtures'
import { currentLocation, mockApi, renderWithProviders, testUser } from '@/test/utils'

afterEach(() => vi.unstubAllGlobals())

const longNote = 'Client visited on Sunday, liked the balcony, wants a price drop of 5 lakh before closing.'

const stats = {
  properties: 1,
  activeProperties: 1,
  requirements: 1,
  buyerMatches: 2,
  sellerMatches: 1,
  totalMatches: 3,
  newMatches: 3,
  propertyTypes: { apartment: 1, villa: 0, plot: 0, commercial: 0, agricultural: 0 },
}

function api(buyer: unknown[], seller: unknown[], extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /api/user': { body: testUser },
    'GET /api/dashboard/stats': { body: { ...stats, buyerMatches: buyer.length, sellerMatches: seller.length } },
    'GET /api/matches': ({ url }) => ({ body: url.searchParams.get('type') === 'seller' ? seller : buyer }),
    ...extra,
  })
}

const tab = (name: RegExp) => screen.getByRole('tab', { name })

describe('MatchesPage', () => {
  it('shows Loading matches... while loading', async () => {
    mockApi({ 'GET /api/matches': () => new Promise(() => {}) })
    renderWithProviders(<MatchesPage />)
    expect(screen.getByText('Loading matches...')).toBeInTheDocument()
  })

  it('asks for each side with ?type= and shows a count badge per tab from the stats', async () => {
    const { calls } = api([makeMatch({ id: 1 }), makeMatch({ id: 2 })], [makeMatch({ id: 3 })], {
      'GET /api/dashboard/stats': { body: { ...stats, buyerMatches: 140, sellerMatches: 9 } },
    })
    renderWithProviders(<MatchesPage />)
    await screen.findAllByTestId('match-card')
    expect(calls.map((c) => c.path)).toEqual(expect.arrayContaining(['/api/matches?type=buyer', '/api/matches?type=seller']))
    // Counts cover every match, not only the loaded page.
    expect(await within(tab(/As Buyer Agent/)).findByTestId('tab-count')).toHaveTextContent('140')
    expect(within(tab(/As Seller Agent/)).getByTestId('tab-count')).toHaveTextContent('9')
  })

  it('loads more matches of a tab from the Link header, and hides Load more on the last page', async () => {
    const { calls } = api([], [], {
      'GET /api/matches': ({ url }) => {
        if (url.searchParams.get('type') === 'seller') return { body: [] }
        return url.searchParams.get('cursor') === '40'
          ? { body: [makeMatch({ id: 39, property: makeProperty({ title: 'Older flat' }) })] }
          : { body: [makeMatch({ id: 41 }), makeMatch({ id: 40 })], headers: { Link: '</api/matches?cursor=40&type=buyer>; rel="next"' } }
      },
    })
    const user = userEvent.setup()
    renderWithProviders(<MatchesPage />)
    await waitFor(() => expect(screen.getAllByTestId('match-card')).toHaveLength(2))
    await user.click(screen.getByRole('button', { name: 'Load more' }))
    await waitFor(() => expect(screen.getAllByTestId('match-card')).toHaveLength(3))
    expect(screen.getAllByTestId('match-card')[2]).toHaveTextContent('Older flat')
    expect(calls.map((c) => c.path).filter((p) => p.includes('type=buyer'))).toEqual([
      '/api/matches?type=buyer',
      '/api/matches?cursor=40&type=buyer',
    ])
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument()
  })

  it('buyer view shows the property, score, status, date, seller agent and cut notes', async () => {
    api([makeMatch({ notes: longNote, matchScore: 92, status: 'contacted' })], [])
    renderWithProviders(<MatchesPage />)
    const card = await screen.findByTestId('match-card')
    expect(within(card).getByTestId('match-score')).toHaveTextContent('92%')
    expect(within(card).getByTestId('match-score')).toHaveClass('bg-success-soft')
    expect(within(card).getByTestId('match-status')).toHaveTextContent('Contacted')
    expect(within(card).getByText('2 Mar 2025')).toBeInTheDocument()
    const property = within(card).getByTestId('match-property')
    expect(property).toHaveTextContent('3BHK Lake View Apartment')
    expect(property).toHaveTextContent('Gachibowli, Hyderabad')
    expect(property).toHaveTextContent('For Sale')
    expect(property).toHaveTextContent('₹85.00 L')
    expect(property).toHaveTextContent('Apartment')
    expect(property).toHaveTextContent('3 BHK')
    expect(property).toHaveTextContent('1650 sq.ft')
    const agent = within(card).getByTestId('counterpart-agent')
    expect(agent).toHaveTextContent('Suresh Reddy')
    expect(agent).toHaveTextContent('+91 90000 11111')
    expect(agent).toHaveTextContent('Hyderabad')
    expect(agent).toHaveTextContent('P02400001234')
    expect(within(card).getByTestId('match-notes')).toHaveTextContent(`Notes: ${longNote.slice(0, 50)}...`)
    expect(within(card).getByRole('button', { name: 'Message' })).toBeEnabled()
  })

  it('seller view shows the requirement and the buyer agent, and contacts them', async () => {
    const match = makeMatch({
      notes: 'Short note',
      matchScore: 65,
      requirement: makePublicRequirement({ clientName: 'Anita Sharma', preferredCities: ['Hyderabad', 'Secunderabad'], minBedrooms: 2 }),
      property: makeProperty(),
    })
    api([], [match])
    const user = userEvent.setup()
    renderWithProviders(<MatchesPage />)
    await user.click(tab(/As Seller Agent/))
    const card = await screen.findByTestId('match-card')
    expect(within(card).getByTestId('match-score')).toHaveClass('bg-destructive-soft')
    const requirement = within(card).getByTestId('match-requirement')
    expect(requirement).toHaveTextContent('Anita Sharma')
    expect(requirement).toHaveTextContent('Hyderabad, Secunderabad')
    expect(requirement).toHaveTextContent('₹50.00 L - ₹90.00 L')
    expect(requirement).toHaveTextContent('Apartment')
    expect(requirement).toHaveTextContent('2+ BHK')
    expect(within(card).getByTestId('counterpart-agent')).toHaveTextContent('Ravi Kumar')
    expect(within(card).getByTestId('match-notes')).toHaveTextContent('Notes: Short note')
    expect(within(card).getByTestId('match-notes')).not.toHaveTextContent('...')

    const open = vi.spyOn(window, 'open').mockReturnValue(null)
    await user.click(within(card).getByRole('button', { name: /call/i }))
    expect(open).toHaveBeenLastCalledWith('tel:+919876543210', '_self')
    await user.click(within(card).getByRole('button', { name: /whatsapp/i }))
    expect(open.mock.lastCall![0]).toMatch(/^https:\/\/wa\.me\/919876543210\?text=Hello%20Ravi%20Kumar/)
  })

  it('shows the empty state of each tab: one sentence and one action', async () => {
    api([], [])
    const user = userEvent.setup()
    renderWithProviders(<MatchesPage />)
    const buyerEmpty = await screen.findByTestId('empty-buyer')
    expect(buyerEmpty).toHaveTextContent('No buyer matches yet: post more requirements to get property matches.')
    expect(within(buyerEmpty).getByRole('link', { name: 'My Requirements' })).toHaveAttribute('href', '/requirements')
    await user.click(tab(/As Seller Agent/))
    const sellerEmpty = await screen.findByTestId('empty-seller')
    expect(sellerEmpty).toHaveTextContent('No seller matches yet: add more properties to get buyer requirement matches.')
    expect(within(sellerEmpty).getByRole('link', { name: 'My Properties' })).toHaveAttribute('href', '/properties')
  })

  it('opens the details dialog from a card', async () => {
    api([makeMatch({ matchScore: 88 })], [])
    const user = userEvent.setup()
    renderWithProviders(<MatchesPage />)
    await user.click(await screen.findByRole('button', { name: /details/i }))
    expect(await screen.findByRole('heading', { name: '88% Compatibility' })).toBeInTheDocument()
  })
})

describe('MatchesPage order and filters', () => {
  it('reads the tab, order and filters from the URL and asks the server for them', async () => {
    const { calls } = api([], [makeMatch({ id: 3 })], {
      'GET /api/properties': { body: [makeProperty({ id: 8, title: 'Sea View Villa', locality: 'Juhu' })] },
    })
    renderWithProviders(<MatchesPage />, { route: '/matches?tab=seller&sort=score&status=new&listing=8&requirement=5&minScore=70' })
    await screen.findByTestId('match-card')
    expect(tab(/As Seller Agent/)).toHaveAttribute('aria-selected', 'true')
    const paths = calls.map((c) => c.path)
    // Each tab gets its own: the listing narrows the seller tab, the requirement the buyer tab.
    expect(paths).toContain('/api/matches?type=seller&sort=score&status=new&propertyId=8&minScore=70')
    expect(paths).toContain('/api/matches?type=buyer&sort=score&status=new&requirementId=5&minScore=70')
    const filters = screen.getByTestId('match-filters')
    expect(within(filters).getByRole('combobox', { name: 'Sort matches' })).toHaveValue('score')
    expect(within(filters).getByRole('combobox', { name: 'Status' })).toHaveValue('new')
    expect(within(filters).getByRole('combobox', { name: 'Minimum score' })).toHaveValue('70')
    await waitFor(() => expect(within(filters).getByRole('option', { name: 'Sea View Villa · Juhu' })).toBeInTheDocument())
    expect(within(filters).getByRole('combobox', { name: 'Listing' })).toHaveValue('8')
  })

  it('keeps each choice in the URL and asks the server again', async () => {
    const { calls } = api([makeMatch({ id: 1 })], [], {
      'GET /api/requirements': { body: [makeRequirement({ id: 5, clientName: 'Ramesh Kumar', preferredCities: ['Hyderabad'] })] },
    })
    const user = userEvent.setup()
    renderWithProviders(<MatchesPage />, { route: '/matches' })
    await screen.findByTestId('match-card')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort matches' }), 'score')
    await waitFor(() => expect(currentLocation()).toBe('/matches?sort=score'))
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Requirement' }), 'Ramesh Kumar · Hyderabad')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Minimum score' }), '90')
    await waitFor(() => expect(currentLocation()).toBe('/matches?sort=score&requirement=5&minScore=90'))
    await waitFor(() => expect(calls.map((c) => c.path)).toContain('/api/matches?type=buyer&sort=score&requirementId=5&minScore=90'))
    await user.click(tab(/As Seller Agent/))
    await waitFor(() => expect(currentLocation()).toBe('/matches?tab=seller&sort=score&requirement=5&minScore=90'))
  })

  it('says when no match fits the filters, and clears them', async () => {
    api([], [], {
      'GET /api/matches': ({ url }) => ({ body: url.searchParams.get('minScore') ? [] : [makeMatch({ id: 1 })] }),
    })
    const user = userEvent.setup()
    renderWithProviders(<MatchesPage />, { route: '/matches?sort=status&minScore=90' })
    const empty = await screen.findByTestId('no-filtered-buyer')
    expect(empty).toHaveTextContent('No matches fit these filters.')
    await user.click(within(empty).getByRole('button', { name: 'Clear filters' }))
    await screen.findByTestId('match-card')
    expect(currentLocation()).toBe('/matches?sort=status')
  })

  it('ignores unknown values in the URL', async () => {
    const { calls } = api([makeMatch({ id: 1 })], [])
    renderWithProviders(<MatchesPage />, { route: '/matches?sort=price&status=maybe&minScore=300&requirement=abc' })
    await screen.findByTestId('match-card')
    expect(calls.map((c) => c.path)).toContain('/api/matches?type=buyer')
  })
})
