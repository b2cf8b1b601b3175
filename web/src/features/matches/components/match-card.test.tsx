import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { MatchCard } from '@/features/matches/components/match-card'
import { makeAgent, makeMatch, makeProperty, makePublicRequirement } from '@/test/match-fixtures'
import { currentLocation, mockApi, renderWithProviders, testUser } from '@/test/utils'

afterEach(() => vi.unstubAllGlobals())

describe('MatchCard', () => {
  it('shows the seller agent which of their listings matched, with a link to it', async () => {
    mockApi({ 'GET /api/user': { body: testUser } })
    const user = userEvent.setup()
    const match = makeMatch({
      propertyId: 44,
      property: makeProperty({ id: 44, title: '2BHK near Metro', locality: 'Kondapur', price: 6_500_000 }),
    })
    renderWithProviders(<MatchCard match={match} side="seller" onDetails={() => {}} />)
    const mine = screen.getByTestId('match-my-listing')
    expect(mine).toHaveTextContent('Your listing: 2BHK near Metro · Kondapur · ₹65.00 L')
    await user.click(within(mine).getByRole('link', { name: '2BHK near Metro' }))
    expect(currentLocation()).toBe('/properties?listing=44')
  })

  it('does not repeat the listing on the buyer side, where the card is about the property already', () => {
    mockApi({ 'GET /api/user': { body: testUser } })
    renderWithProviders(<MatchCard match={makeMatch()} side="buyer" onDetails={() => {}} />)
    expect(screen.queryByTestId('match-my-listing')).not.toBeInTheDocument()
    expect(screen.getByTestId('match-property')).toHaveTextContent('3BHK Lake View Apartment')
  })

  it('shows the buyer agent which of their clients the match is for, with a link to the requirement', async () => {
    mockApi({ 'GET /api/user': { body: testUser } })
    const user = userEvent.setup()
    const match = makeMatch({
      requirementId: 17,
      requirement: makePublicRequirement({ id: 17, clientName: 'Ramesh Kumar', preferredCities: ['Hyderabad', 'Secunderabad'] }),
    })
    renderWithProviders(<MatchCard match={match} side="buyer" onDetails={() => {}} />)
    const client = screen.getByTestId('match-for-client')
    expect(client).toHaveTextContent('For your client: Ramesh Kumar · Hyderabad, Secunderabad')
    await user.click(within(client).getByRole('link', { name: 'Ramesh Kumar' }))
    expect(currentLocation()).toBe('/requirements?requirement=17')
  })

  it('does not show the client line on the seller side, where the card is about the client already', () => {
    mockApi({ 'GET /api/user': { body: testUser } })
    renderWithProviders(<MatchCard match={makeMatch()} side="seller" onDetails={() => {}} />)
    expect(screen.queryByTestId('match-for-client')).not.toBeInTheDocument()
  })

  it('disables Call and WhatsApp with the reason, and offers a connection request, when the agent hides their contact', async () => {
    mockApi({ 'GET /api/user': { body: testUser } })
    const user = userEvent.setup()
    const match = makeMatch({ sellerAgent: makeAgent({ phone: '', email: null, contactHidden: true }) })
    renderWithProviders(<MatchCard match={match} side="buyer" onDetails={() => {}} />)
    const actions = screen.getByTestId('match-actions')
    const reason = 'Suresh Reddy shares contact details with connections only'
    for (const name of ['Call', 'WhatsApp']) {
      expect(within(actions).getByRole('button', { name })).toBeDisabled()
      expect(within(actions).getByRole('button', { name })).toHaveAttribute('title', reason)
    }
    expect(screen.getByTestId('counterpart-agent')).toHaveTextContent(reason)
    expect(screen.getByTestId('contact-hidden')).toHaveTextContent(`${reason}.`)
    await user.click(await within(screen.getByTestId('contact-hidden')).findByRole('button', { name: 'Send connection request' }))
    expect(await screen.findByRole('heading', { name: 'Send Connection Request' })).toBeInTheDocument()
  })

  it('keeps Call and WhatsApp for an agent who shows their contact', () => {
    mockApi({ 'GET /api/user': { body: testUser } })
    renderWithProviders(<MatchCard match={makeMatch()} side="buyer" onDetails={() => {}} />)
    expect(within(screen.getByTestId('match-actions')).getByRole('button', { name: 'Call' })).toBeEnabled()
    expect(screen.queryByTestId('contact-hidden')).not.toBeInTheDocument()
  })
})
