import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { MatchCard } from '@/features/matches/components/match-card'
import { makeMatch, makeProperty } from '@/test/match-fixtures'
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
})
