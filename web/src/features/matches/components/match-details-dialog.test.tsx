import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { MatchDetailsDialog } from '@/features/matches/components/match-details-dialog'
import type { Match } from '@/lib/api-schemas'
import type { MatchSide } from '@/shared/contact'
import { makeMatch } from '@/test/match-fixtures'
import { expectToast, mockApi, renderWithProviders, testUser } from '@/test/utils'

afterEach(() => vi.unstubAllGlobals())

function setup(match: Match, side: MatchSide = 'buyer', handlers: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({
    'GET /api/user': { body: testUser },
    [`PUT /api/matches/${match.id}/status`]: ({ body }) => ({ body: { ...match, ...(body as object) } }),
    [`PUT /api/matches/${match.id}/notes`]: ({ body }) => ({ body: { ...match, ...(body as object) } }),
    ...handlers,
  })
  const user = userEvent.setup()
  const view = renderWithProviders(<MatchDetailsDialog match={match} side={side} open onOpenChange={() => {}} />)
  return { ...api, user, ...view }
}

describe('MatchDetailsDialog', () => {
  it('titles the dialog with the compatibility and shows the score breakdown', () => {
    setup(makeMatch({ matchScore: 70, scoreBreakdown: { propertyType: 30, city: 25, price: 15, bedrooms: 0, locality: 0, total: 70 } }))
    expect(screen.getByRole('heading', { name: '70% Compatibility' })).toBeInTheDocument()
    const table = screen.getByTestId('score-breakdown')
    const row = (label: string) => within(table).getByRole('row', { name: new RegExp(`^${label}`) })
    expect(row('Property type')).toHaveTextContent('30/30')
    expect(row('City')).toHaveTextContent('25/25')
    expect(row('Price range')).toHaveTextContent('15/15')
    expect(row('Bedrooms')).toHaveTextContent('0/10')
    expect(row('Locality')).toHaveTextContent('0/20')
    expect(row('Total')).toHaveTextContent('70/100')
  })

  it('shows the property, the client requirement and the seller agent to the buyer agent', () => {
    setup(makeMatch())
    expect(screen.getByTestId('match-property-details')).toHaveTextContent('Gachibowli, Hyderabad, Telangana')
    expect(screen.getByTestId('match-property-details')).toHaveTextContent('Sale Price₹85.00 L')
    expect(screen.getByTestId('match-client-requirement')).toHaveTextContent('Anita Sharma')
    const agent = screen.getByTestId('match-agent-details')
    expect(agent).toHaveTextContent('Seller Agent')
    for (const text of ['Suresh Reddy', '+91 90000 11111', 'suresh@example.com', 'Hyderabad', 'Telangana', 'P02400001234']) {
      expect(agent).toHaveTextContent(text)
    }
  })

  it('tells the seller agent that client contact is hidden', () => {
    setup(makeMatch(), 'seller')
    expect(screen.getByText('Client contact details are hidden. Contact the buyer agent for client details.')).toBeInTheDocument()
    expect(screen.getByTestId('match-agent-details')).toHaveTextContent('Ravi Kumar')
    expect(screen.getByTestId('match-agent-details')).toHaveTextContent('Not provided')
  })

  it('Mark Viewed is enabled only while new, sends viewedBy and then shows the status', async () => {
    const { user, calls } = setup(makeMatch({ status: 'new' }), 'seller')
    const button = screen.getByTestId('mark-viewed')
    expect(button).toHaveTextContent('Mark Viewed')
    expect(button).toBeEnabled()
    await user.click(button)
    await waitFor(() => expect(screen.getByTestId('mark-viewed')).toHaveTextContent('Viewed'))
    expect(screen.getByTestId('mark-viewed')).toBeDisabled()
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
      path: '/api/matches/31/status',
      body: { status: 'viewed', viewedBy: 'seller' },
    })
  })

  it('Mark Viewed is disabled for a match past new', () => {
    setup(makeMatch({ status: 'interested' }))
    expect(screen.getByTestId('mark-viewed')).toBeDisabled()
    expect(screen.getByTestId('mark-viewed')).toHaveTextContent('Interested')
  })

  it('shows a viewed lead as a status pill with a check, not as an action', () => {
    setup(makeMatch({ status: 'interested' }))
    const state = screen.getByTestId('mark-viewed')
    expect(state).toHaveAttribute('data-state', 'viewed')
    expect(state).toHaveClass('rounded-full', 'bg-success-soft', 'text-success')
    expect(state.querySelector('svg')).not.toBeNull()
    expect(state).toHaveAccessibleName('Lead status: Interested')
    expect(screen.queryByRole('button', { name: /mark viewed/i })).not.toBeInTheDocument()
  })

  it('offers Mark Viewed as an outline action while the lead is new', () => {
    setup(makeMatch({ status: 'new' }))
    const action = screen.getByRole('button', { name: 'Mark Viewed' })
    expect(action).toHaveAttribute('data-state', 'new')
    expect(action).not.toHaveClass('rounded-full')
  })

  it('changes the lead status from the dropdown', async () => {
    const { user, calls, queryClient } = setup(makeMatch())
    queryClient.setQueryData(['/api/matches', { type: 'buyer' }], [])
    queryClient.setQueryData(['/api/dashboard/stats'], {})
    const select = screen.getByLabelText('Lead Status')
    expect(Array.from((select as HTMLSelectElement).options).map((o) => o.text)).toEqual([
      'New',
      'Viewed',
      'Contacted',
      'Interested',
      'Not Interested',
      'Closed',
    ])
    await user.selectOptions(select, 'not_interested')
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true))
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ status: 'not_interested' })
    await waitFor(() => expect(screen.getByTestId('mark-viewed')).toHaveTextContent('Not Interested'))
    expect(select).toHaveValue('not_interested')
    expect(queryClient.getQueryState(['/api/matches', { type: 'buyer' }])!.isInvalidated).toBe(true)
    expect(queryClient.getQueryState(['/api/dashboard/stats'])!.isInvalidated).toBe(true)
  })

  it('toasts Failed to update match when the status change fails', async () => {
    const { user } = setup(makeMatch(), 'buyer', { 'PUT /api/matches/31/status': { status: 403, body: { message: 'Not your match' } } })
    await user.selectOptions(screen.getByLabelText('Lead Status'), 'closed')
    await expectToast('Failed to update match', 'Not your match')
    expect(screen.getByLabelText('Lead Status')).toHaveValue('new')
  })

  it('counts note characters and shows Save Notes only when the text differs from the saved text', async () => {
    const { user, calls } = setup(makeMatch({ notes: 'Called once' }))
    const notes = screen.getByLabelText('Lead Notes')
    expect(screen.getByTestId('notes-counter')).toHaveTextContent('11/500')
    expect(screen.queryByRole('button', { name: /save notes/i })).not.toBeInTheDocument()
    await user.type(notes, '!')
    expect(screen.getByTestId('notes-counter')).toHaveTextContent('12/500')
    expect(screen.getByRole('button', { name: /save notes/i })).toBeInTheDocument()
    await user.type(notes, '{Backspace}')
    expect(screen.queryByRole('button', { name: /save notes/i })).not.toBeInTheDocument()
    await user.type(notes, ', call back Monday')
    await user.click(screen.getByRole('button', { name: /save notes/i }))
    await expectToast('Notes Updated', 'Lead notes have been saved successfully.')
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
      path: '/api/matches/31/notes',
      body: { notes: 'Called once, call back Monday' },
    })
    expect(screen.queryByRole('button', { name: /save notes/i })).not.toBeInTheDocument()
  })

  it('caps notes at 500 characters', async () => {
    const { user } = setup(makeMatch({ notes: 'x'.repeat(499) }))
    await user.type(screen.getByLabelText('Lead Notes'), 'abc')
    expect(screen.getByTestId('notes-counter')).toHaveTextContent('500/500')
  })

  it('toasts Update Failed when saving notes fails and keeps the unsaved text', async () => {
    const { user } = setup(makeMatch(), 'buyer', {
      'PUT /api/matches/31/notes': { status: 400, body: { message: 'Notes must be at most 500 characters' } },
    })
    await user.type(screen.getByLabelText('Lead Notes'), 'hello')
    await user.click(screen.getByRole('button', { name: /save notes/i }))
    await expectToast('Update Failed', 'Notes must be at most 500 characters')
    expect(screen.getByRole('button', { name: /save notes/i })).toBeInTheDocument()
  })

  it('calls and writes on WhatsApp to the counterpart agent', async () => {
    const { user } = setup(makeMatch())
    const open = vi.spyOn(window, 'open').mockReturnValue(null)
    await user.click(screen.getByRole('button', { name: /call/i }))
    expect(open).toHaveBeenLastCalledWith('tel:+919000011111', '_self')
    await user.click(screen.getByRole('button', { name: /whatsapp/i }))
    expect(open.mock.lastCall![0]).toMatch(/^https:\/\/wa\.me\/919000011111\?text=Hello%20Suresh%20Reddy/)
  })
})
