import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Dispute } from '@/features/admin/api/get-admin-disputes'
import { DisputesTab, filedByName, listingText } from '@/features/admin/components/disputes-tab'
import { expectToast, mockApi, renderWithProviders, testUser } from '@/test/utils'

afterEach(() => vi.unstubAllGlobals())

const open: Dispute = {
  agreementId: 41,
  number: 'PM-AG-2026-000041',
  matchId: 9,
  propertyId: 12,
  listingTitle: '3 BHK in Whitefield',
  listingAgentId: 3,
  listingAgentName: 'Asha Patil',
  buyerAgentId: 4,
  buyerAgentName: 'Vikram Rao',
  stage: 'closed',
  status: 'open',
  note: 'The agreed share was not paid at registration',
  filedBy: 4,
  filedAt: '2026-11-20T10:15:00Z',
  resolution: '',
  resolvedAt: null,
}

const resolved: Dispute = {
  ...open,
  agreementId: 40,
  number: 'PM-AG-2026-000040',
  status: 'resolved',
  filedBy: 3,
  resolution: 'Both agents confirmed the payment',
  resolvedAt: '2026-11-22T09:00:00Z',
}

function setup(queue: { open: Dispute[]; resolved: Dispute[] } = { open: [open], resolved: [resolved] }) {
  const api = mockApi({
    'GET /api/user': { body: { ...testUser, role: 'admin' } },
    'GET /api/admin/disputes': ({ url }) => ({ body: queue[(url.searchParams.get('status') ?? 'open') as 'open' | 'resolved'] }),
    'POST /api/admin/disputes/41/resolve': ({ body }) => {
      const done = { ...open, status: 'resolved' as const, resolution: (body as { note: string }).note, resolvedAt: '2026-11-28T12:00:00Z' }
      queue.open = []
      queue.resolved = [done, ...queue.resolved]
      return { body: done }
    },
  })
  renderWithProviders(<DisputesTab />)
  return { ...api, events: userEvent.setup() }
}

describe('DisputesTab', () => {
  it('lists the open disputes with the agreement, both agents, the note and who flagged it', async () => {
    const { calls } = setup()
    const row = await screen.findByTestId('dispute-item')
    expect(within(row).getByText('PM-AG-2026-000041')).toBeInTheDocument()
    expect(within(row).getByText('Asha Patil')).toBeInTheDocument()
    expect(within(row).getByText('Vikram Rao')).toBeInTheDocument()
    expect(within(row).getByText('#12 · 3 BHK in Whitefield · match #9')).toBeInTheDocument()
    expect(within(row).getByText('The agreed share was not paid at registration')).toBeInTheDocument()
    expect(within(row).getByText(/Flagged by Vikram Rao on/)).toBeInTheDocument()
    expect(within(row).getByRole('button', { name: 'Resolve' })).toBeInTheDocument()
    expect(calls.some((c) => c.method === 'GET' && c.path.startsWith('/api/admin/disputes?status=open'))).toBe(true)
  })

  it('filters to the resolved ones, with the resolution', async () => {
    const { calls, events } = setup()
    await screen.findByText('PM-AG-2026-000041')
    await events.selectOptions(screen.getByLabelText('Show'), 'resolved')
    expect(await screen.findByText('PM-AG-2026-000040')).toBeInTheDocument()
    const row = screen.getByTestId('dispute-item')
    expect(within(row).getByText('Both agents confirmed the payment')).toBeInTheDocument()
    expect(within(row).getByText(/Flagged by Asha Patil/)).toBeInTheDocument()
    expect(within(row).queryByRole('button', { name: 'Resolve' })).not.toBeInTheDocument()
    expect(calls.some((c) => c.path.startsWith('/api/admin/disputes?status=resolved'))).toBe(true)
  })

  it('resolves only with a note, then the open list is empty', async () => {
    const { calls, events } = setup()
    await events.click(await screen.findByRole('button', { name: 'Resolve' }))
    const dialog = await screen.findByRole('dialog')
    await events.click(within(dialog).getByRole('button', { name: 'Resolve' }))
    expect(await within(dialog).findByText('Say how the dispute was resolved')).toBeInTheDocument()
    expect(calls.some((c) => c.path.endsWith('/resolve'))).toBe(false)
    await events.type(within(dialog).getByLabelText('Resolution note'), '  Share paid on 25 Nov  ')
    await events.click(within(dialog).getByRole('button', { name: 'Resolve' }))
    await expectToast('Dispute resolved')
    expect(calls.find((c) => c.path.endsWith('/resolve'))!.body).toEqual({ note: 'Share paid on 25 Nov' })
    expect(await screen.findByText('No open disputes: no agent has flagged a deal.')).toBeInTheDocument()
  })

  it('says when there are none', async () => {
    setup({ open: [], resolved: [] })
    expect(await screen.findByText('No open disputes: no agent has flagged a deal.')).toBeInTheDocument()
  })

  it('names who flagged a dispute, or the agent number when neither side', () => {
    expect(filedByName(open)).toBe('Vikram Rao')
    expect(filedByName(resolved)).toBe('Asha Patil')
    expect(filedByName({ ...open, filedBy: 99 })).toBe('Agent #99')
  })

  it('says when the listing or the match was deleted', () => {
    expect(listingText({ ...open, propertyId: null, listingTitle: null })).toBe('Listing deleted (match #9)')
    expect(listingText({ ...open, matchId: null, propertyId: null, listingTitle: null })).toBe('Match deleted')
  })
})
