import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { marketProperties, setup, paths } from '@/app/routes/dashboard/dashboard-test-setup'
import { makeAgent, makeMatch, makeProperty } from '@/test/match-fixtures'
import { testUser } from '@/test/utils'

afterEach(() => vi.unstubAllGlobals())

describe('Dashboard: banner', () => {
  it("shows 'Loading dashboard...' while the counts load", async () => {
    setup('desktop', { 'GET /api/dashboard/stats': () => new Promise(() => {}) })
    expect(await screen.findByText('Loading dashboard...')).toBeInTheDocument()
    expect(screen.queryByTestId('dashboard-greeting')).not.toBeInTheDocument()
  })

  it('greets the agent by full name, with the name kept on one line', async () => {
    setup('desktop')
    const greeting = await screen.findByTestId('dashboard-greeting')
    expect(greeting).toHaveTextContent('Welcome back, Ravi Kumar')
    expect(within(greeting).getByText('Ravi Kumar')).toHaveClass('whitespace-nowrap')
    // The buttons move below as one row rather than wrapping one by one.
    expect(screen.getByTestId('dashboard-actions')).toHaveClass('shrink-0', 'sm:max-w-full')
    expect(within(screen.getByTestId('dashboard-actions')).getByRole('link', { name: 'Find Agents' })).toHaveAttribute('href', '/agents')
  })

  it('opens the property form from Add Property and the requirement form from Post Client Requirement', async () => {
    const { user } = setup('desktop')
    const actions = await screen.findByTestId('dashboard-actions')
    await user.click(within(actions).getByRole('button', { name: 'Add Property' }))
    expect(await screen.findByRole('heading', { name: 'Add New Property' })).toBeInTheDocument()
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Add New Property' })).not.toBeInTheDocument())
    await user.click(within(actions).getByRole('button', { name: 'Post Client Requirement' }))
    expect(await screen.findByRole('heading', { name: 'Post Client Requirement' })).toBeInTheDocument()
    expect(screen.getByTestId('requirement-form')).toBeInTheDocument()
  })
})

describe('Dashboard: desktop', () => {
  it('opens a marketplace row in a detail view: photos, area, description and the agent; a requirement without client contact', async () => {
    const { user, calls } = setup('desktop')
    const list = await screen.findByTestId('marketplace-properties')
    const before = calls.length
    await user.click(within(list).getByRole('button', { name: 'View Lake view villa' }))
    const dialog = await screen.findByTestId('property-detail-dialog')
    expect(within(dialog).getByRole('heading', { name: 'Lake view villa' })).toBeInTheDocument()
    expect(within(dialog).getAllByRole('img', { name: /Lake view villa, photo 1/ }).length).toBeGreaterThan(0)
    expect(dialog).toHaveTextContent('Spacious flat near the lake')
    expect(dialog).toHaveTextContent('1650')
    const agent = within(dialog).getByTestId('marketplace-detail-agent')
    expect(agent).toHaveTextContent('Listed by: Suresh Reddy')
    expect(within(agent).getByRole('link', { name: 'Call Suresh Reddy' })).toHaveAttribute('href', 'tel:+919000011111')
    // The row holds everything the view shows: no further request, and no Edit on another agent's listing.
    expect(calls.slice(before).filter((c) => c.method !== 'GET' || c.path.startsWith('/api/properties/'))).toEqual([])
    expect(within(dialog).queryByRole('button', { name: 'Edit Property' })).not.toBeInTheDocument()
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByTestId('property-detail-dialog')).not.toBeInTheDocument())

    await user.click(screen.getByRole('tab', { name: 'Buyer Requirements' }))
    const requirements = await screen.findByTestId('marketplace-requirements')
    await user.click(within(requirements).getByRole('button', { name: 'View Details' }))
    const details = await screen.findByRole('dialog', { name: 'Requirement Details' })
    expect(within(details).getByTestId('requirement-details')).toHaveTextContent('Anita Sharma')
    // The client as the server gives it, and never their contact, even when a server slip sends it.
    expect(details).not.toHaveTextContent('9812345678')
    expect(details).not.toHaveTextContent('anita@example.com')
    expect(within(details).getByTestId('client-contact-hidden')).toHaveTextContent('Client contact details stay with the buyer agent')
    expect(within(details).getByTestId('marketplace-detail-agent')).toHaveTextContent('Buyer agent: Kiran Das')
    expect(within(details).queryByRole('button', { name: /Edit|Delete/ })).not.toBeInTheDocument()
  })

  it('shows the marketplace listings with their agent, and the requirements tab without client contact', async () => {
    const { user, calls } = setup('desktop')
    const list = await screen.findByTestId('marketplace-properties')
    expect(screen.getByRole('tab', { name: 'Available Properties' })).toHaveAttribute('aria-selected', 'true')
    const cards = within(list).getAllByTestId('property-card')
    expect(cards).toHaveLength(2)
    expect(cards[0]).toHaveAttribute('data-layout', 'compact')
    expect(cards[0]).toHaveTextContent('Lake view villa')
    expect(cards[0]).toHaveTextContent('Suresh Reddy')
    expect(within(cards[0]!).getByRole('link', { name: 'Call Suresh Reddy' })).toHaveAttribute('href', 'tel:+919000011111')
    expect(within(cards[0]!).queryByTestId('contact-hidden')).not.toBeInTheDocument()
    // An agent who shares contact details with connections only: why there is no call link, and a request.
    expect(within(cards[1]!).queryByRole('link', { name: /^Call/ })).not.toBeInTheDocument()
    expect(within(cards[1]!).getByTestId('contact-hidden')).toHaveTextContent('Meena Rao shares contact details with connections only.')
    await user.click(within(cards[1]!).getByRole('button', { name: 'Send connection request' }))
    expect(await screen.findByRole('heading', { name: 'Send Connection Request' })).toBeInTheDocument()
    expect((screen.getByRole('textbox', { name: 'Message' }) as HTMLTextAreaElement).value).toMatch(/^Hi Meena Rao,/)
    await user.keyboard('{Escape}')
    expect(list).toHaveClass('max-h-96', 'overflow-y-auto')
    // The requirements load only when their tab opens.
    expect(paths(calls, '/api/marketplace/requirements')).toEqual([])

    await user.click(screen.getByRole('tab', { name: 'Buyer Requirements' }))
    const requirements = await screen.findByTestId('marketplace-requirements')
    const card = within(requirements).getByTestId('requirement-card')
    expect(card).toHaveTextContent('Anita Sharma')
    expect(card).toHaveTextContent('Kiran Das')
    expect(within(card).getByRole('link', { name: 'Call Kiran Das' })).toHaveAttribute('href', 'tel:+919000033333')
    expect(requirements).not.toHaveTextContent('9812345678')
    expect(requirements).not.toHaveTextContent('98123 45678')
    expect(requirements).not.toHaveTextContent('anita@example.com')
  })

  it('searches properties on the server once typing pauses, and says when nothing matches', async () => {
    const { user, calls } = setup('desktop')
    await screen.findByTestId('marketplace-properties')
    await user.type(screen.getByRole('searchbox', { name: 'Search properties' }), 'villa')
    await waitFor(() => expect(within(screen.getByTestId('marketplace-properties')).getAllByTestId('property-card')).toHaveLength(1))
    expect(screen.getByTestId('marketplace-properties')).toHaveTextContent('Lake view villa')
    // One request for the whole word, none per keystroke.
    expect(paths(calls, '/api/marketplace/properties')).toEqual(['/api/marketplace/properties', '/api/marketplace/properties?q=villa'])

    await user.clear(screen.getByRole('searchbox', { name: 'Search properties' }))
    await user.type(screen.getByRole('searchbox', { name: 'Search properties' }), 'castle')
    expect(await screen.findByText(/^No matching properties: try a locality/)).toBeInTheDocument()
    expect(paths(calls, '/api/marketplace/properties').at(-1)).toBe('/api/marketplace/properties?q=castle')
  })

  it('loads more marketplace listings from the Link header, keeping the search', async () => {
    const { user, calls } = setup('desktop', {
      'GET /api/marketplace/properties': ({ url }) =>
        url.searchParams.get('cursor')
          ? { body: [marketProperties[1]] }
          : {
              body: [marketProperties[0]],
              headers: { Link: `</api/marketplace/properties?cursor=41&q=${url.searchParams.get('q') ?? ''}>; rel="next"` },
            },
    })
    await user.type(await screen.findByRole('searchbox', { name: 'Search properties' }), 'hyd')
    await waitFor(() => expect(paths(calls, '/api/marketplace/properties')).toContain('/api/marketplace/properties?q=hyd'))
    const list = await screen.findByTestId('marketplace-properties')
    await user.click(await within(list).findByRole('button', { name: 'Load more' }))
    await waitFor(() => expect(within(list).getAllByTestId('property-card')).toHaveLength(2))
    expect(paths(calls, '/api/marketplace/properties').at(-1)).toBe('/api/marketplace/properties?cursor=41&q=hyd')
    expect(within(list).queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument()
  })

  it('shows the empty states of both tabs, with and without a search', async () => {
    const { user, calls } = setup('desktop', {
      'GET /api/marketplace/properties': { body: [] },
      'GET /api/marketplace/requirements': { body: [] },
    })
    expect(await screen.findByText('No properties available.')).toBeInTheDocument()
    await user.type(screen.getByRole('searchbox', { name: 'Search properties' }), 'villa')
    expect(await screen.findByText(/^No matching properties: try a locality/)).toBeInTheDocument()

    await user.click(screen.getByRole('tab', { name: 'Buyer Requirements' }))
    expect(await screen.findByText('No requirements available.')).toBeInTheDocument()
    await user.type(screen.getByRole('searchbox', { name: 'Search requirements' }), 'Hyderabad')
    expect(await screen.findByText(/^No matching requirements: try/)).toBeInTheDocument()
    expect(paths(calls, '/api/marketplace/requirements')).toEqual([
      '/api/marketplace/requirements',
      '/api/marketplace/requirements?q=Hyderabad',
    ])

    // Each tab keeps its search.
    await user.click(screen.getByRole('tab', { name: 'Available Properties' }))
    expect(screen.getByRole('searchbox', { name: 'Search properties' })).toHaveValue('villa')
  })

  it('lists the first 3 new matches with coloured scores and opens the details from the right side', async () => {
    const sellerSide = makeMatch({
      id: 35,
      matchScore: 74,
      sellerAgentId: testUser.id,
      buyerAgentId: 2,
      sellerAgent: makeAgent({ id: 1, fullName: 'Ravi Kumar' }),
      buyerAgent: makeAgent({ id: 2, fullName: 'Suresh Reddy', agentType: 'buyer' }),
      property: makeProperty({ id: 12, title: 'My Kondapur flat' }),
    })
    const matches = [
      makeMatch({ id: 30, status: 'contacted', property: makeProperty({ title: 'Already contacted' }) }),
      makeMatch({ id: 31, matchScore: 95, property: makeProperty({ title: 'Gachibowli 3BHK' }) }),
      sellerSide,
      makeMatch({ id: 32, status: 'viewed', property: makeProperty({ title: 'Viewed one' }) }),
      makeMatch({ id: 33, matchScore: 60, property: makeProperty({ title: 'Budget flat' }) }),
      makeMatch({ id: 34, matchScore: 88, property: makeProperty({ title: 'Fourth new one' }) }),
    ]
    const { user, calls } = setup('desktop', {
      // Like the server: filter by status, then page.
      'GET /api/matches': ({ url }) => {
        const status = url.searchParams.get('status')
        const limit = Number(url.searchParams.get('limit') ?? 20)
        return { body: matches.filter((m) => !status || m.status === status).slice(0, limit) }
      },
      'PUT /api/matches/35/status': { body: { ...sellerSide, status: 'viewed' } },
    })
    const card = await screen.findByTestId('new-matches-card')
    await waitFor(() => expect(within(card).getAllByTestId('new-match')).toHaveLength(3))
    const rows = within(card).getAllByTestId('new-match')
    expect(rows.map((r) => r.querySelector('p')?.textContent)).toEqual(['Gachibowli 3BHK', 'My Kondapur flat', 'Budget flat'])
    expect(within(rows[0]!).getByTestId('match-score')).toHaveTextContent('95%')
    expect(within(rows[0]!).getByTestId('match-score')).toHaveClass('bg-success-soft')
    expect(within(rows[1]!).getByTestId('match-score')).toHaveClass('bg-warning-soft')
    expect(within(rows[2]!).getByTestId('match-score')).toHaveClass('bg-destructive-soft')
    expect(within(card).getByTestId('new-matches-count')).toHaveTextContent('5')
    // One request for exactly the 3 newest new matches, whatever page they would be on unfiltered.
    expect(paths(calls, '/api/matches')).toEqual(['/api/matches?status=new&limit=3'])

    await user.click(within(rows[1]!).getByRole('button', { name: /view/i }))
    expect(await screen.findByRole('heading', { name: '74% Compatibility' })).toBeInTheDocument()
    await user.click(screen.getByTestId('mark-viewed'))
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true))
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
      path: '/api/matches/35/status',
      body: { status: 'viewed', viewedBy: 'seller' },
    })
  })

  it("has Quick Actions, and Recommended Services after the agent's own work at every width (issue 25)", async () => {
    const { user } = setup('desktop')
    const quick = await screen.findByTestId('quick-actions-card')
    expect(within(quick).getByRole('link', { name: 'View Matches' })).toHaveAttribute('href', '/matches')
    expect(within(quick).getByRole('link', { name: 'Find Agents' })).toHaveAttribute('href', '/agents')
    await user.click(within(quick).getByRole('button', { name: 'Post Requirement' }))
    expect(await screen.findByRole('heading', { name: 'Post Client Requirement' })).toBeInTheDocument()
    // One advert card, no width hides it, and it is the last of four side cards (two even rows of two at 1024 px).
    const ads = screen.getAllByTestId('recommended-services-card')
    expect(ads).toHaveLength(1)
    expect(ads[0]!.className).not.toMatch(/hidden/)
    const side = screen.getByTestId('dashboard-side')
    expect([...side.children].map((c) => c.getAttribute('data-testid'))).toEqual([
      'new-matches-card',
      'recent-messages-card',
      'quick-actions-card',
      'recommended-services-card',
    ])
    // Nothing above the marketplace but the greeting.
    expect(screen.getByTestId('dashboard-banner').nextElementSibling).toContainElement(screen.getByTestId('marketplace-card'))
    expect(await within(ads[0]!).findByText('No advertisements available for your location.')).toBeInTheDocument()
    expect(screen.queryByTestId('mobile-tiles')).not.toBeInTheDocument()
  })
})
