import { act, fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { MessagesPage } from '@/app/routes/messages/messages-page'
import type { Message } from '@/lib/api-schemas'
import { makeConnection, makeConversation, makeMessage, makeSummary } from '@/test/network-fixtures'
import { currentLocation, expectToast, mockApi, renderWithProviders, testUser } from '@/test/utils'

afterEach(() => vi.unstubAllGlobals())

const me = testUser.id
const suresh = makeSummary({ id: 2, fullName: 'Suresh Reddy' })
const meena = makeSummary({ id: 3, fullName: 'Meena Rao' })
const kiran = makeSummary({ id: 4, fullName: 'Kiran Das' })

const conversations = [
  makeConversation({
    counterpart: meena,
    unreadCount: 0,
    lastMessage: makeMessage({
      id: 20,
      senderId: me,
      receiverId: 3,
      isRead: true,
      content: 'See you at the site',
      createdAt: '2025-03-01T10:00:00Z',
    }),
  }),
  makeConversation({
    counterpart: suresh,
    unreadCount: 2,
    lastMessage: makeMessage({ id: 12, content: 'Any update?', createdAt: '2025-03-05T10:00:00Z' }),
  }),
]
/** The thread with Suresh, newest first as the server sends it. */
const sureshThread: Message[] = [
  makeMessage({ id: 12, senderId: 2, receiverId: me, content: 'Any update?', createdAt: '2025-03-05T10:00:00Z' }),
  makeMessage({ id: 11, senderId: me, receiverId: 2, isRead: true, content: 'Checking with my client', createdAt: '2025-03-04T10:00:00Z' }),
  makeMessage({ id: 10, senderId: 2, receiverId: me, content: 'Hello Ravi', createdAt: '2025-03-03T10:00:00Z' }),
]
const request = makeConnection({
  id: 40,
  status: 'pending',
  requesterId: 4,
  receiverId: me,
  requester: kiran,
  message: 'Hi Ravi, let us work together',
})
const sentRequest = makeConnection({ id: 41, status: 'pending', requesterId: me, receiverId: 3 })

type Api = Parameters<typeof mockApi>[0]

function setup(route = '/messages', extra: Api = {}) {
  const api = mockApi({
    'GET /api/user': { body: testUser },
    'GET /api/messages/conversations': { body: conversations },
    'GET /api/connections': { body: [sentRequest, request] },
    'GET /api/messages': ({ url }) => ({ body: url.searchParams.get('with') === '2' ? sureshThread : [] }),
    'PUT /api/messages/mark-read/2': { body: { message: 'Marked', count: 2 } },
    'GET /api/users': { body: [makeSummary({ id: 9, fullName: 'Neha Gupta' })] },
    ...extra,
  })
  const user = userEvent.setup()
  const view = renderWithProviders(<MessagesPage />, { route, path: '/messages' })
  return { ...api, user, view }
}

const list = () => screen.getByTestId('conversation-list')
const rows = () => within(list()).getAllByTestId('conversation')

describe('Messages: list', () => {
  it('shows received requests first, then conversations newest first, with unread badges', async () => {
    setup()
    await waitFor(() => expect(rows()).toHaveLength(3))
    const [first, second, third] = rows()
    expect(first).toHaveTextContent('Connection Request')
    expect(first).toHaveTextContent('New Request')
    expect(first).toHaveTextContent('Kiran Das wants to connect')
    expect(second).toHaveTextContent('Suresh Reddy')
    expect(second).toHaveTextContent('Any update?')
    expect(within(second!).getByTestId('unread-count')).toHaveTextContent('2')
    expect(third).toHaveTextContent('Meena Rao')
    expect(third).toHaveTextContent('You: See you at the site')
    expect(within(third!).queryByTestId('unread-count')).not.toBeInTheDocument()
    expect(screen.getByText('Select a conversation')).toBeInTheDocument()
  })

  it("says 'No conversations yet' when there is nothing", async () => {
    setup('/messages', { 'GET /api/messages/conversations': { body: [] }, 'GET /api/connections': { body: [] } })
    expect(await screen.findByText(/^No conversations yet/)).toBeInTheDocument()
  })
})

describe('Messages: thread', () => {
  it('opens a conversation oldest to newest, marks it read, and shows own messages on the right with delete', async () => {
    const { user, calls } = setup()
    await waitFor(() => expect(rows()).toHaveLength(3))
    await user.click(rows()[1]!)
    expect(currentLocation()).toBe('/messages?with=2')
    const pane = await screen.findByTestId('thread-pane')
    expect(within(pane).getByRole('heading', { name: 'Suresh Reddy' })).toBeInTheDocument()
    expect(within(pane).getByText('Real Estate Agent')).toBeInTheDocument()
    await waitFor(() => expect(within(pane).getAllByTestId('message')).toHaveLength(3))
    const messages = within(pane).getAllByTestId('message')
    expect(messages.map((m) => m.querySelector('p')?.textContent)).toEqual(['Hello Ravi', 'Checking with my client', 'Any update?'])
    expect(messages.map((m) => m.dataset.own)).toEqual(['false', 'true', 'false'])
    expect(messages[1]).toHaveClass('ml-auto')
    expect(within(messages[1]!).getByRole('button', { name: 'Delete message' })).toBeInTheDocument()
    expect(within(messages[0]!).queryByRole('button', { name: 'Delete message' })).not.toBeInTheDocument()
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT' && c.path === '/api/messages/mark-read/2')).toBe(true))
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1)
  })

  it('does not mark a conversation without unread messages', async () => {
    const { calls } = setup('/messages?with=3')
    await screen.findByTestId('thread-pane')
    await waitFor(() => expect(calls.some((c) => c.path === '/api/messages?with=3')).toBe(true))
    expect(calls.some((c) => c.method === 'PUT')).toBe(false)
  })

  it('sends on Enter with trimmed text, keeps Shift+Enter as a newline, and blocks blank text', async () => {
    const { user, calls } = setup('/messages?with=2', {
      'POST /api/messages': ({ body }) => ({
        status: 201,
        body: makeMessage({ id: 13, senderId: me, receiverId: 2, content: (body as { content: string }).content }),
      }),
    })
    const box = await screen.findByPlaceholderText('Type your message...')
    const send = screen.getByRole('button', { name: 'Send message' })
    expect(send).toBeDisabled()
    await user.type(box, '   ')
    expect(send).toBeDisabled()
    await user.keyboard('{Enter}')
    expect(calls.some((c) => c.method === 'POST')).toBe(false)

    await user.clear(box)
    await user.type(box, '  First line{Shift>}{Enter}{/Shift}second line  ')
    expect(box).toHaveValue('  First line\nsecond line  ')
    await user.keyboard('{Enter}')
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true))
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ receiverId: 2, content: 'First line\nsecond line' })
    await waitFor(() => expect(box).toHaveValue(''))
  })

  it('sends one message for a double click or a click plus Enter, before the button re-renders as disabled', async () => {
    let answer: (() => void) | undefined
    const { user, calls } = setup('/messages?with=2', {
      'POST /api/messages': ({ body }) =>
        new Promise((resolve) => {
          answer = () =>
            resolve({ status: 201, body: makeMessage({ id: 14, senderId: me, receiverId: 2, content: (body as { content: string }).content }) })
        }),
    })
    const box = await screen.findByPlaceholderText('Type your message...')
    await user.type(box, 'See you at 5')
    const send = screen.getByRole('button', { name: 'Send message' })
    // Both clicks land in one task: nothing re-renders in between.
    act(() => {
      fireEvent.click(send)
      fireEvent.click(send)
      fireEvent.keyDown(box, { key: 'Enter' })
    })
    await waitFor(() => expect(answer).toBeDefined())
    answer!()
    await waitFor(() => expect(box).toHaveValue(''))
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1)
    // Once it is answered, the next message goes.
    await user.type(box, 'And bring the papers')
    await user.click(send)
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(2))
  })

  it("toasts 'Error' with the server message when sending fails, keeping the text", async () => {
    const { user } = setup('/messages?with=2', {
      'POST /api/messages': { status: 403, body: { message: 'You can only message connected agents' } },
    })
    const box = await screen.findByPlaceholderText('Type your message...')
    await user.type(box, 'Hello')
    await user.click(screen.getByRole('button', { name: 'Send message' }))
    await expectToast('Error', 'You can only message connected agents')
    expect(box).toHaveValue('Hello')
  })

  it('deletes own messages with a toast either way', async () => {
    let ok = false
    const { user } = setup('/messages?with=2', {
      'DELETE /api/messages/11': () => (ok ? { body: { message: 'Deleted' } } : { status: 500, body: { message: 'boom' } }),
    })
    const pane = await screen.findByTestId('thread-pane')
    await waitFor(() => expect(within(pane).getAllByTestId('message')).toHaveLength(3))
    await user.click(within(pane).getByRole('button', { name: 'Delete message' }))
    await expectToast('Failed to delete message', 'boom')
    ok = true
    await user.click(within(pane).getByRole('button', { name: 'Delete message' }))
    await expectToast('Message deleted successfully')
  })

  it('loads earlier messages through the cursor and keeps the order', async () => {
    const { user, calls } = setup('/messages?with=2', {
      'GET /api/messages': ({ url }) =>
        url.searchParams.get('cursor')
          ? { body: [makeMessage({ id: 9, content: 'Very first message', createdAt: '2025-03-02T10:00:00Z' })] }
          : { body: sureshThread, headers: { Link: '</api/messages?cursor=10&with=2>; rel="next"' } },
    })
    const pane = await screen.findByTestId('thread-pane')
    await user.click(await within(pane).findByRole('button', { name: /load earlier messages/i }))
    await waitFor(() => expect(within(pane).getAllByTestId('message')).toHaveLength(4))
    expect(within(pane).getAllByTestId('message')[0]).toHaveTextContent('Very first message')
    expect(calls.map((c) => c.path)).toContain('/api/messages?cursor=10&with=2')
  })

  it('opens ?with= for someone without messages yet, naming them through /api/users', async () => {
    const { calls } = setup('/messages?with=9')
    const pane = await screen.findByTestId('thread-pane')
    expect(await within(pane).findByRole('heading', { name: 'Neha Gupta' })).toBeInTheDocument()
    expect(within(pane).getByText(/No messages yet/)).toBeInTheDocument()
    expect(calls.map((c) => c.path)).toContain('/api/users?ids=9')
    expect(rows()[1]).toHaveTextContent('Neha Gupta')
    expect(rows()[1]).toHaveAttribute('aria-current', 'true')
  })

  it("names an unknown user 'Agent #{id}'", async () => {
    setup('/messages?with=77', { 'GET /api/users': { body: [] } })
    const pane = await screen.findByTestId('thread-pane')
    expect(await within(pane).findByRole('heading', { name: 'Agent #77' })).toBeInTheDocument()
  })

  it('has a back button to the list for phones', async () => {
    const { user } = setup('/messages?with=2')
    await screen.findByTestId('thread-pane')
    // Below 768 px only one of list and pane shows.
    expect(screen.getByRole('complementary', { name: 'Conversations' })).toHaveClass('hidden', 'md:flex')
    const back = screen.getByRole('button', { name: 'Back to conversations' })
    expect(back).toHaveClass('md:hidden')
    await user.click(back)
    expect(currentLocation()).toBe('/messages')
    expect(screen.getByRole('complementary', { name: 'Conversations' })).not.toHaveClass('hidden')
  })
})

describe('Messages: connection requests', () => {
  it('shows the request with Accept and Decline and no composer, and opens the conversation once accepted', async () => {
    const { user, calls } = setup('/messages', { 'PUT /api/connections/40': { body: { ...request, status: 'accepted' } } })
    await waitFor(() => expect(rows()).toHaveLength(3))
    await user.click(rows()[0]!)
    const pane = await screen.findByTestId('request-pane')
    expect(pane).toHaveTextContent('Connection Request')
    expect(pane).toHaveTextContent('New Request')
    expect(pane).toHaveTextContent('Kiran Das wants to connect')
    expect(pane).toHaveTextContent('Hi Ravi, let us work together')
    expect(screen.queryByPlaceholderText('Type your message...')).not.toBeInTheDocument()
    await user.click(within(pane).getByRole('button', { name: 'Accept' }))
    await expectToast('Connection request accepted')
    expect(calls.find((c) => c.method === 'PUT')).toMatchObject({ path: '/api/connections/40', body: { status: 'accepted' } })
    expect(calls.some((c) => c.path.startsWith('/api/messages/mark-read'))).toBe(false)
    await waitFor(() => expect(currentLocation()).toBe('/messages?with=4'))
  })

  it('declines a request and toasts failures', async () => {
    let ok = false
    const { user } = setup('/messages?request=40', {
      'PUT /api/connections/40': () =>
        ok ? { body: { ...request, status: 'rejected' } } : { status: 409, body: { message: 'Already answered' } },
    })
    const pane = await screen.findByTestId('request-pane')
    await user.click(within(pane).getByRole('button', { name: 'Decline' }))
    await expectToast('Failed to decline connection', 'Already answered')
    ok = true
    await user.click(within(pane).getByRole('button', { name: 'Decline' }))
    await expectToast('Connection request declined')
    await waitFor(() => expect(currentLocation()).toBe('/messages'))
  })
})
