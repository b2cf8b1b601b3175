import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { NetworkPage } from '@/features/network/routes/network-page'
import type { Connection, DirectoryAgent } from '@/lib/api-schemas'
import { makeConnection, makeDirectoryAgent, makeSummary } from '@/test/network-fixtures'
import { currentLocation, expectToast, mockApi, renderWithProviders, testUser } from '@/test/utils'

afterEach(() => vi.unstubAllGlobals())

const me = testUser.id
const stats = {
  properties: 0,
  activeProperties: 0,
  requirements: 0,
  buyerMatches: 0,
  sellerMatches: 0,
  totalMatches: 0,
  newMatches: 0,
  propertyTypes: { apartment: 0, villa: 0, plot: 0, commercial: 0, agricultural: 0 },
  unreadMessages: 0,
  pendingRequests: 1,
  sentRequests: 1,
  messagesBadge: 1,
  connections: 14,
}

/** One agent per relationship state. */
function agentsByState(): DirectoryAgent[] {
  const agent = (id: number, fullName: string, connection: Partial<Connection> | null) =>
    makeDirectoryAgent({
      id,
      fullName,
      connection: connection && makeConnection({ id: id * 10, requesterId: me, receiverId: id, ...connection }),
    })
  return [
    agent(2, 'Suresh Reddy', null),
    agent(3, 'Meena Rao', { status: 'pending' }),
    agent(4, 'Kiran Das', { status: 'pending', requesterId: 4, receiverId: me }),
    agent(5, 'Anil Shah', { status: 'accepted' }),
    agent(6, 'Divya Iyer', { status: 'rejected' }),
    agent(7, 'Farhan Ali', { status: 'cancelled' }),
  ]
}

type Api = Parameters<typeof mockApi>[0]

function setup(extra: Api = {}) {
  const api = mockApi({
    'GET /api/user': { body: testUser },
    'GET /api/dashboard/stats': { body: stats },
    'GET /api/agents': ({ url }) => {
      const q = url.searchParams.get('q')?.toLowerCase()
      const all = agentsByState()
      return { body: q ? all.filter((a) => `${a.fullName} ${a.city}`.toLowerCase().includes(q)) : all }
    },
    'GET /api/connections': ({ url }) =>
      url.searchParams.get('status') === 'accepted'
        ? {
            body: [
              makeConnection({
                id: 50,
                status: 'accepted',
                requesterId: 5,
                receiverId: me,
                updatedAt: '2025-03-04T09:00:00Z',
                requester: makeSummary({ id: 5, fullName: 'Anil Shah' }),
              }),
            ],
          }
        : {
            body: [
              makeConnection({
                id: 30,
                status: 'pending',
                requesterId: me,
                receiverId: 3,
                receiver: makeSummary({ id: 3, fullName: 'Meena Rao' }),
              }),
              makeConnection({
                id: 40,
                status: 'pending',
                requesterId: 4,
                receiverId: me,
                requester: makeSummary({ id: 4, fullName: 'Kiran Das' }),
              }),
            ],
          },
    ...extra,
  })
  const user = userEvent.setup()
  const view = renderWithProviders(<NetworkPage />, { route: '/agents', path: '/agents' })
  return { ...api, user, view }
}

const card = (name: string) => screen.getAllByTestId('agent-card').find((c) => within(c).queryByRole('heading', { name }))!

describe('Agent Network: Discover Agents', () => {
  it("shows the search box with the user's city and the agent cards in full", async () => {
    setup()
    expect(await screen.findByRole('searchbox', { name: 'Search agents' })).toHaveAttribute(
      'placeholder',
      'Search agents by name, city, state or type',
    )
    await waitFor(() => expect(screen.getAllByTestId('agent-card')).toHaveLength(6))
    const suresh = card('Suresh Reddy')
    for (const text of [
      'S',
      'Seller Agent',
      'RERA verified · valid until 31 Mar 2029',
      'Pune, Maharashtra',
      '+91 90000 11111',
      'P52100012345',
      '8 years',
      '12 active listings',
      'Luxury apartments',
    ]) {
      expect(suresh).toHaveTextContent(text)
    }
    expect(within(suresh).getByTestId('agent-bio')).toHaveClass('line-clamp-2')
    // At 390 px the tab strip wraps instead of widening the page.
    expect(screen.getByTestId('network-page')).toHaveClass('grid-cols-1')
    expect(screen.getByRole('tablist')).toHaveClass('flex-wrap')
  })

  it('shows the connection control and Message button for each of the six states', async () => {
    setup()
    await waitFor(() => expect(screen.getAllByTestId('agent-card')).toHaveLength(6))
    const control = (name: string) => within(card(name)).getByTestId('connection-control')
    const buttons = (name: string) =>
      within(control(name))
        .queryAllByRole('button')
        .map((b) => b.textContent?.trim())
    const badge = (name: string) => control(name).querySelector('span')?.textContent ?? null

    expect([badge('Suresh Reddy'), buttons('Suresh Reddy')]).toEqual([null, ['Connect']])
    expect([badge('Meena Rao'), buttons('Meena Rao')]).toEqual(['Pending', ['Cancel']])
    expect([badge('Kiran Das'), buttons('Kiran Das')]).toEqual(['Pending', []])
    expect([badge('Anil Shah'), buttons('Anil Shah')]).toEqual(['Connected', []])
    expect([badge('Divya Iyer'), buttons('Divya Iyer')]).toEqual(['Declined', ['Try Again']])
    expect([badge('Farhan Ali'), buttons('Farhan Ali')]).toEqual([null, ['Connect Again']])

    // Message only once connected; otherwise 'Connect First', disabled.
    expect(within(card('Anil Shah')).getByRole('link', { name: 'Message' })).toHaveAttribute('href', '/messages?with=5')
    for (const name of ['Suresh Reddy', 'Meena Rao', 'Kiran Das', 'Divya Iyer', 'Farhan Ali']) {
      expect(within(card(name)).getByRole('button', { name: 'Connect First' })).toBeDisabled()
    }
  })

  it('tells a declined requester the day they may ask again instead of offering a request that would fail', async () => {
    const declined = (id: number, fullName: string, connection: Partial<Connection>) =>
      makeDirectoryAgent({ id, fullName, connection: makeConnection({ id: id * 10, status: 'rejected', ...connection }) })
    setup({
      'GET /api/agents': {
        body: [
          // I asked, they declined, the week is not over: 5 Dec 2099, 11:30 in India.
          declined(2, 'Gita Nair', { requesterId: me, receiverId: 2, askAgainAfter: '2099-12-05T06:00:00Z' }),
          // Past the week: Try Again.
          declined(3, 'Hari Menon', { requesterId: me, receiverId: 3, askAgainAfter: '2025-03-09T10:00:00Z' }),
          // They asked and I declined: I may ask at any time.
          declined(4, 'Isha Jain', { requesterId: 4, receiverId: me, askAgainAfter: '2099-12-05T06:00:00Z' }),
        ],
      },
    })
    await waitFor(() => expect(screen.getAllByTestId('agent-card')).toHaveLength(3))
    const gita = within(card('Gita Nair')).getByTestId('connection-control')
    expect(gita).toHaveTextContent('DeclinedYou can ask again after 5 Dec')
    expect(within(gita).queryByRole('button')).not.toBeInTheDocument()
    for (const name of ['Hari Menon', 'Isha Jain']) {
      expect(within(card(name)).getByRole('button', { name: 'Try Again' })).toBeEnabled()
      expect(within(card(name)).queryByTestId('ask-again')).not.toBeInTheDocument()
    }
  })

  it('searches on the server once typing pauses', async () => {
    const { user, calls } = setup()
    await waitFor(() => expect(screen.getAllByTestId('agent-card')).toHaveLength(6))
    await user.type(screen.getByRole('searchbox', { name: 'Search agents' }), 'meena')
    await waitFor(() => expect(screen.getAllByTestId('agent-card')).toHaveLength(1))
    expect(calls.map((c) => c.path).filter((p) => p.startsWith('/api/agents'))).toEqual(['/api/agents', '/api/agents?q=meena'])
  })

  it('loads more agents from the Link header', async () => {
    const { user } = setup({
      'GET /api/agents': ({ url }) =>
        url.searchParams.get('cursor')
          ? { body: [makeDirectoryAgent({ id: 9, fullName: 'Older Agent' })] }
          : { body: [makeDirectoryAgent()], headers: { Link: '</api/agents?cursor=2>; rel="next"' } },
    })
    await user.click(await screen.findByRole('button', { name: 'Load more' }))
    await waitFor(() => expect(screen.getAllByTestId('agent-card')).toHaveLength(2))
  })

  it('sends a connection request with the prefilled introduction', async () => {
    const { user, calls } = setup({ 'POST /api/connections': { status: 201, body: makeConnection() } })
    await waitFor(() => expect(screen.getAllByTestId('agent-card')).toHaveLength(6))
    await user.click(within(card('Suresh Reddy')).getByRole('button', { name: 'Connect' }))
    const dialog = await screen.findByRole('dialog', { name: 'Send Connection Request' })
    const box = within(dialog).getByLabelText('Message') as HTMLTextAreaElement
    expect(box.rows).toBe(4)
    expect(box.value).toMatch(/^Hi Suresh Reddy,/)
    expect(box.value).toContain('based in Hyderabad')
    expect(box.value).toContain('seller agent in Pune')
    await user.click(within(dialog).getByRole('button', { name: 'Send Request' }))
    await expectToast('Connection request sent successfully')
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ recipientId: 2, message: box.value.trim() })
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  it('sends one connection request when Send Request is clicked twice before it re-renders', async () => {
    const { user, calls } = setup({
      'POST /api/connections': () => new Promise((resolve) => setTimeout(() => resolve({ status: 201, body: makeConnection() }), 50)),
    })
    await waitFor(() => expect(screen.getAllByTestId('agent-card')).toHaveLength(6))
    await user.click(within(card('Suresh Reddy')).getByRole('button', { name: 'Connect' }))
    const dialog = await screen.findByRole('dialog', { name: 'Send Connection Request' })
    const send = within(dialog).getByRole('button', { name: 'Send Request' })
    act(() => {
      fireEvent.click(send)
      fireEvent.click(send)
    })
    await expectToast('Connection request sent successfully')
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1)
  })

  it('will not send a blank introduction', async () => {
    const { user } = setup()
    await waitFor(() => expect(screen.getAllByTestId('agent-card')).toHaveLength(6))
    await user.click(within(card('Farhan Ali')).getByRole('button', { name: 'Connect Again' }))
    const dialog = await screen.findByRole('dialog')
    await user.clear(within(dialog).getByLabelText('Message'))
    await user.type(within(dialog).getByLabelText('Message'), '   ')
    expect(within(dialog).getByRole('button', { name: 'Send Request' })).toBeDisabled()
  })

  it('toasts Connection Already Exists on 409 and the server message otherwise', async () => {
    let status = 409
    const { user } = setup({
      'POST /api/connections': () => ({ status, body: { message: status === 409 ? 'Already connected' : 'Agent not found' } }),
    })
    await waitFor(() => expect(screen.getAllByTestId('agent-card')).toHaveLength(6))
    await user.click(within(card('Divya Iyer')).getByRole('button', { name: 'Try Again' }))
    const dialog = await screen.findByRole('dialog')
    await user.click(within(dialog).getByRole('button', { name: 'Send Request' }))
    await expectToast('Connection Already Exists', 'You are already connected with this agent')
    status = 404
    await user.click(within(dialog).getByRole('button', { name: 'Send Request' }))
    await expectToast('Error', 'Agent not found')
    expect(screen.getByRole('dialog')).toBeInTheDocument()
  })

  it('cancels a pending request from the card', async () => {
    const { user, calls } = setup({ 'DELETE /api/connections/30': { body: makeConnection({ id: 30, status: 'cancelled' }) } })
    await waitFor(() => expect(screen.getAllByTestId('agent-card')).toHaveLength(6))
    await user.click(within(card('Meena Rao')).getByRole('button', { name: /cancel request to meena rao/i }))
    await expectToast('Connection request cancelled')
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/connections/30')).toBe(true)
  })
})

describe('Agent Network: connections and requests', () => {
  it('counts connections from the stats and pending requests from the list', async () => {
    setup()
    await waitFor(() =>
      expect(within(screen.getByRole('tab', { name: /My Connections/ })).getByTestId('tab-count')).toHaveTextContent('14'),
    )
    await waitFor(() =>
      expect(within(screen.getByRole('tab', { name: /Connection Requests/ })).getByTestId('tab-count')).toHaveTextContent('2'),
    )
  })

  it('lists accepted connections with the date, and messages them', async () => {
    const { user } = setup()
    await user.click(await screen.findByRole('tab', { name: /My Connections/ }))
    const row = await screen.findByTestId('connection-row')
    expect(row).toHaveTextContent('Anil Shah')
    expect(row).toHaveTextContent('Connected on 4 Mar 2025')
    await user.click(within(row).getByRole('link', { name: 'Message' }))
    expect(currentLocation()).toBe('/messages?with=5')
  })

  it('shows the empty states', async () => {
    const { user } = setup({ 'GET /api/connections': { body: [] } })
    await user.click(await screen.findByRole('tab', { name: /My Connections/ }))
    expect(await screen.findByText('No connected agents yet')).toBeInTheDocument()
    await user.click(screen.getByRole('tab', { name: /Connection Requests/ }))
    expect(await screen.findByText('No pending requests')).toBeInTheDocument()
  })

  it('labels requests Sent and Received, with Cancel on sent and Accept/Decline on received', async () => {
    const { user, calls } = setup({
      'PUT /api/connections/40': { body: makeConnection({ id: 40, status: 'accepted' }) },
      'DELETE /api/connections/30': { status: 409, body: { message: 'No longer pending' } },
    })
    await user.click(await screen.findByRole('tab', { name: /Connection Requests/ }))
    await waitFor(() => expect(screen.getAllByTestId('connection-row')).toHaveLength(2))
    const [sent, received] = screen.getAllByTestId('connection-row')
    expect(sent).toHaveTextContent('Meena Rao')
    expect(within(sent!).getByText('Sent')).toBeInTheDocument()
    expect(within(sent!).queryByRole('button', { name: /accept/i })).not.toBeInTheDocument()
    expect(within(received!).getByText('Received')).toBeInTheDocument()
    expect(within(received!).queryByRole('button', { name: /cancel/i })).not.toBeInTheDocument()

    await user.click(within(received!).getByRole('button', { name: 'Accept' }))
    await expectToast('Connection request accepted')
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({ path: '/api/connections/40', body: { status: 'accepted' } })

    await user.click(within(sent!).getByRole('button', { name: 'Cancel' }))
    await expectToast('Failed to cancel connection request', 'No longer pending')
  })

  it('declines, and toasts when declining fails', async () => {
    let ok = false
    const { user } = setup({
      'PUT /api/connections/40': () =>
        ok ? { body: makeConnection({ id: 40, status: 'rejected' }) } : { status: 500, body: { message: 'boom' } },
    })
    await user.click(await screen.findByRole('tab', { name: /Connection Requests/ }))
    await waitFor(() => expect(screen.getAllByTestId('connection-row')).toHaveLength(2))
    const received = screen.getAllByTestId('connection-row')[1]!
    await user.click(within(received).getByRole('button', { name: 'Decline' }))
    await expectToast('Failed to decline connection', 'boom')
    ok = true
    await user.click(within(received).getByRole('button', { name: 'Decline' }))
    await expectToast('Connection request declined')
  })
})
