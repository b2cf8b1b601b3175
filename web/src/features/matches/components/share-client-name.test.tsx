import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { MatchCard } from '@/features/matches/components/match-card'
import { makeMatch } from '@/test/match-fixtures'
import { expectToast, mockApi, renderWithProviders, testUser } from '@/test/utils'

afterEach(() => vi.unstubAllGlobals())

describe('Share client name on a match card', () => {
  it('lets the buyer agent share the full name with the seller agent, then says it is shared', async () => {
    const { calls } = mockApi({
      'GET /api/user': { body: testUser },
      'PUT /api/matches/31/share-client': { body: makeMatch({ clientNameShared: true }) },
    })
    const user = userEvent.setup()
    const view = renderWithProviders(<MatchCard match={makeMatch()} side="buyer" onDetails={() => {}} />)
    view.queryClient.setQueryData(['/api/matches', { type: 'seller' }], [])
    await user.click(screen.getByTestId('share-client-name'))
    await expectToast('Client name shared', "The seller agent now sees your client's full name.")
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.path)).toEqual(['/api/matches/31/share-client'])
    expect(screen.getByTestId('client-name-shared')).toHaveTextContent('Client name shared with the seller agent')
    expect(screen.queryByTestId('share-client-name')).not.toBeInTheDocument()
    expect(view.queryClient.getQueryState(['/api/matches', { type: 'seller' }])!.isInvalidated).toBe(true)
  })

  it('shows an already shared name as shared', () => {
    mockApi({ 'GET /api/user': { body: testUser } })
    renderWithProviders(<MatchCard match={makeMatch({ clientNameShared: true })} side="buyer" onDetails={() => {}} />)
    expect(screen.getByTestId('client-name-shared')).toBeInTheDocument()
    expect(screen.queryByTestId('share-client-name')).not.toBeInTheDocument()
  })

  it('is not offered to the seller agent, who sees the name as the server gives it', () => {
    mockApi({ 'GET /api/user': { body: testUser } })
    const match = makeMatch()
    renderWithProviders(
      <MatchCard match={{ ...match, requirement: { ...match.requirement, clientName: 'Anita S.' } }} side="seller" onDetails={() => {}} />,
    )
    expect(screen.queryByTestId('share-client-name')).not.toBeInTheDocument()
    expect(screen.queryByTestId('client-name-shared')).not.toBeInTheDocument()
    expect(screen.getByTestId('match-requirement')).toHaveTextContent('Anita S.')
  })

  it('toasts the server message when sharing fails', async () => {
    mockApi({
      'GET /api/user': { body: testUser },
      'PUT /api/matches/31/share-client': { status: 403, body: { message: "Only the buyer agent can share their client's name" } },
    })
    const user = userEvent.setup()
    renderWithProviders(<MatchCard match={makeMatch()} side="buyer" onDetails={() => {}} />)
    await user.click(screen.getByTestId('share-client-name'))
    await expectToast('Could not share the client name', "Only the buyer agent can share their client's name")
    expect(screen.getByTestId('share-client-name')).toBeEnabled()
  })
})
