import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { AgreementPanel } from '@/features/matches/components/agreement-panel'
import type { Agreement } from '@/lib/api-schemas'
import { makeMatch } from '@/test/match-fixtures'
import { expectToast, mockApi, renderWithProviders, testUser } from '@/test/utils'

afterEach(() => vi.unstubAllGlobals())

// makeMatch(): match 31, seller (listing) agent 2, buyer agent 1.
function makeAgreement(over: Partial<Agreement> = {}): Agreement {
  return {
    id: 7,
    matchId: 31,
    version: 1,
    listingAgentId: 2,
    buyerAgentId: 1,
    proposedBy: 2,
    proposedBySide: 'listing',
    listingSidePercent: 60,
    buyerSidePercent: 40,
    fixedAmountPaise: null,
    basis: 'brokerage',
    note: '',
    status: 'proposed',
    createdAt: '2026-11-28T10:00:00Z',
    answeredAt: null,
    answeredBy: null,
    canAnswer: true,
    number: null,
    hash: null,
    verifyPath: null,
    deal: null,
    ...over,
  }
}

describe('AgreementPanel', () => {
  it('proposes a split, and shows the server field errors under the fields', async () => {
    const { calls } = mockApi({
      'GET /api/user': { body: testUser },
      'GET /api/matches/31/agreements': { body: [] },
      'POST /api/matches/31/agreements': ({ body }) =>
        (body as { buyerSidePercent?: number }).buyerSidePercent === 45
          ? { status: 400, body: { message: 'Invalid', errors: [{ path: 'basis', message: 'Basis must be brokerage or price' }] } }
          : { status: 201, body: makeAgreement({ proposedBy: 1, canAnswer: false }) },
    })
    const user = userEvent.setup()
    renderWithProviders(<AgreementPanel match={makeMatch()} side="buyer" />)
    const listing = await screen.findByLabelText('Listing side %')
    await user.clear(listing)
    await user.type(listing, '55')
    const buyer = screen.getByLabelText('Buyer side %')
    await user.clear(buyer)
    await user.type(buyer, '40')
    await user.click(screen.getByRole('button', { name: 'Propose terms' }))
    expect(await screen.findByText('The two shares must add up to 100')).toBeInTheDocument()
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0)
    await user.clear(buyer)
    await user.type(buyer, '45')
    await user.click(screen.getByRole('button', { name: 'Propose terms' }))
    expect(await screen.findByText('Basis must be brokerage or price')).toBeInTheDocument()
    await user.clear(listing)
    await user.type(listing, '60')
    await user.clear(buyer)
    await user.type(buyer, '40')
    await user.click(screen.getByRole('button', { name: 'Propose terms' }))
    await expectToast('Proposal sent')
    expect(calls.filter((c) => c.method === 'POST').at(-1)!.body).toEqual({
      listingSidePercent: 60,
      buyerSidePercent: 40,
      basis: 'brokerage',
    })
  })

  it('lets the other agent accept, and offers no answer to the proposer', async () => {
    const { calls } = mockApi({
      'GET /api/user': { body: testUser },
      'GET /api/matches/31/agreements': { body: [makeAgreement()] },
      'POST /api/agreements/7/accept': { body: makeAgreement({ status: 'accepted' }) },
    })
    const user = userEvent.setup()
    renderWithProviders(<AgreementPanel match={makeMatch()} side="buyer" />)
    expect(await screen.findByTestId('open-terms')).toHaveTextContent('Listing side 60% · buyer side 40% of the total brokerage')
    await user.click(screen.getByRole('button', { name: 'Accept' }))
    await expectToast('Agreement accepted: the terms are locked')
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/agreements/7/accept')).toBe(true)
  })

  it('shows the proposer a waiting state with Revise, not Accept', async () => {
    mockApi({ 'GET /api/user': { body: testUser }, 'GET /api/matches/31/agreements': { body: [makeAgreement({ canAnswer: false })] } })
    renderWithProviders(<AgreementPanel match={makeMatch()} side="seller" />)
    expect(await screen.findByText('Waiting for the other agent to answer.')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Accept' })).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Revise' })).toBeInTheDocument()
  })

  it('counters with the terms prefilled', async () => {
    const { calls } = mockApi({
      'GET /api/user': { body: testUser },
      'GET /api/matches/31/agreements': { body: [makeAgreement()] },
      'POST /api/agreements/7/counter': { status: 201, body: makeAgreement({ id: 8, version: 2, proposedBy: 1 }) },
    })
    const user = userEvent.setup()
    renderWithProviders(<AgreementPanel match={makeMatch()} side="buyer" />)
    await user.click(await screen.findByRole('button', { name: 'Counter' }))
    const listing = screen.getByLabelText('Listing side %')
    expect(listing).toHaveValue('60')
    await user.clear(listing)
    await user.type(listing, '50')
    const buyer = screen.getByLabelText('Buyer side %')
    await user.clear(buyer)
    await user.type(buyer, '50')
    await user.click(screen.getByRole('button', { name: 'Send counter-proposal' }))
    await expectToast('Counter-proposal sent')
    expect(calls.find((c) => c.path === '/api/agreements/7/counter')!.body).toEqual({
      listingSidePercent: 50,
      buyerSidePercent: 50,
      basis: 'brokerage',
    })
  })

  it('shows locked terms with the hash, the PDF and the stepper, and confirms the close at the other side’s price', async () => {
    const accepted = makeAgreement({
      status: 'accepted',
      canAnswer: false,
      number: 'PMA-2026-ABCDEFGHJKLM',
      hash: 'ab'.repeat(32),
      verifyPath: '/agreements/PMA-2026-ABCDEFGHJKLM',
      deal: {
        stage: 'offer',
        stageAt: '2026-11-28T10:00:00Z',
        listingClosePaise: 750000000,
        listingCloseAt: '2026-11-28T10:00:00Z',
        buyerClosePaise: null,
        buyerCloseAt: null,
        finalPricePaise: null,
        closedAt: null,
        dispute: null,
      },
    })
    const { calls } = mockApi({
      'GET /api/user': { body: testUser },
      'GET /api/matches/31/agreements': { body: [accepted, makeAgreement({ id: 6, status: 'superseded' })] },
      'PUT /api/agreements/7/stage': { body: accepted },
    })
    const user = userEvent.setup()
    renderWithProviders(<AgreementPanel match={makeMatch()} side="buyer" />)
    expect(await screen.findByTestId('agreement-hash')).toHaveTextContent('ab'.repeat(32))
    expect(screen.getByRole('link', { name: /Download agreement PMA-2026-ABCDEFGHJKLM/ })).toHaveAttribute('href', '/api/agreements/7/pdf')
    expect(screen.getByTestId('agreement-check-link')).toHaveAttribute('href', '/agreements/PMA-2026-ABCDEFGHJKLM')
    expect(within(screen.getByTestId('deal-stepper')).getByText('Offer').closest('li')).toHaveAttribute('aria-current', 'step')
    expect(screen.getByTestId('close-hint')).toHaveTextContent('The other agent confirmed closing at ₹75,00,000')
    expect(screen.getByTestId('agreement-history')).toHaveTextContent('Superseded')
    await user.click(screen.getByRole('button', { name: 'Confirm close' }))
    await expectToast('Close confirmed')
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ stage: 'closed' })
  })
})
