import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { MatchCard } from '@/features/matches/components/match-card'
import { makeBilling } from '@/test/billing-fixtures'
import { makeAgent, makeMatch } from '@/test/match-fixtures'
import { expectToast, mockApi, renderWithProviders, testUser } from '@/test/utils'

afterEach(() => vi.unstubAllGlobals())

const lockedSeller = makeAgent({ phone: '', email: null, contactHidden: true, contactReason: 'locked' })

describe('Unlock contact on a match', () => {
  it('offers "Unlock contact · 1 lead (₹50)" with the balance instead of Call, Message and WhatsApp, and unlocks', async () => {
    let unlocked = false
    const { calls } = mockApi({
      'GET /api/user': { body: testUser },
      'GET /api/billing': () => ({ body: makeBilling({ credits: unlocked ? { balancePaise: 2_495_000, leads: 499 } : {} }) }),
      'POST /api/matches/7/unlock': () => {
        unlocked = true
        return {
          body: {
            contact: { agentId: 2, name: 'Suresh Reddy', phone: '+919000011111', whatsapp: '+919000011111', email: 's@example.com' },
            charged: true,
            balancePaise: 2_495_000,
            leads: 499,
          },
        }
      },
    })
    const user = userEvent.setup()
    renderWithProviders(<MatchCard match={makeMatch({ id: 7, sellerAgent: lockedSeller })} side="buyer" onDetails={() => {}} />)
    const reason = "Suresh Reddy's contact shows once you unlock a match with them or connect"
    const actions = screen.getByTestId('match-actions')
    for (const name of ['Call', 'Message', 'WhatsApp']) {
      expect(within(actions).getByRole('button', { name })).toBeDisabled()
      expect(within(actions).getByRole('button', { name })).toHaveAttribute('title', reason)
    }
    expect(screen.getByTestId('counterpart-agent')).toHaveTextContent(reason)
    expect(screen.queryByTestId('contact-hidden')).not.toBeInTheDocument()
    const panel = screen.getByTestId('unlock-contact')
    expect(await within(panel).findByTestId('unlock-balance')).toHaveTextContent('Balance ₹25,000 · 500 leads')
    await user.click(within(panel).getByRole('button', { name: 'Unlock contact · 1 lead (₹50)' }))
    await expectToast('Contact unlocked', '1 lead charged. Balance ₹24,950 (499 leads).')
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/api/matches/7/unlock'])
    await waitFor(() => expect(within(panel).getByTestId('unlock-balance')).toHaveTextContent('Balance ₹24,950 · 499 leads'))
  })

  it('says a repeat unlock was free', async () => {
    mockApi({
      'GET /api/user': { body: testUser },
      'GET /api/billing': { body: makeBilling() },
      'POST /api/matches/7/unlock': {
        body: {
          contact: { agentId: 2, name: 'S', phone: '', whatsapp: '', email: '' },
          charged: false,
          balancePaise: 2_500_000,
          leads: 500,
        },
      },
    })
    const user = userEvent.setup()
    renderWithProviders(<MatchCard match={makeMatch({ id: 7, sellerAgent: lockedSeller })} side="buyer" onDetails={() => {}} />)
    await user.click(await screen.findByRole('button', { name: 'Unlock contact · 1 lead (₹50)' }))
    await expectToast('Contact unlocked', 'Already unlocked: no charge.')
  })

  it('without credits shows the server message with a link to Billing, not a toast', async () => {
    mockApi({
      'GET /api/user': { body: testUser },
      'GET /api/billing': { body: makeBilling({ credits: { balancePaise: 4000, leads: 0 } }) },
      'POST /api/matches/7/unlock': {
        status: 402,
        body: { code: 'no_credits', message: 'You have no credits left. Buy a credit pack to unlock this contact.' },
      },
    })
    const user = userEvent.setup()
    renderWithProviders(<MatchCard match={makeMatch({ id: 7, sellerAgent: lockedSeller })} side="buyer" onDetails={() => {}} />)
    // Known before asking: the balance is empty.
    expect(await screen.findByTestId('no-credits')).toHaveTextContent('You have no credits left. Buy a credit pack to unlock this contact.')
    await user.click(screen.getByRole('button', { name: 'Unlock contact · 1 lead (₹50)' }))
    const alert = await screen.findByTestId('no-credits')
    expect(within(alert).getByRole('link', { name: 'Buy credits' })).toHaveAttribute('href', '/billing')
    expect(screen.queryByTestId('toast')).not.toBeInTheDocument()
  })

  it('keeps the connection-only notice for an agent who hides their contact by their own setting', () => {
    mockApi({ 'GET /api/user': { body: testUser }, 'GET /api/billing': { body: makeBilling() } })
    const match = makeMatch({ sellerAgent: makeAgent({ phone: '', email: null, contactHidden: true, contactReason: 'private' }) })
    renderWithProviders(<MatchCard match={match} side="buyer" onDetails={() => {}} />)
    expect(screen.getByTestId('contact-hidden')).toHaveTextContent('Suresh Reddy shares contact details with connections only.')
    expect(screen.queryByTestId('unlock-contact')).not.toBeInTheDocument()
    expect(within(screen.getByTestId('match-actions')).getByRole('button', { name: 'Message' })).toBeEnabled()
  })
})
