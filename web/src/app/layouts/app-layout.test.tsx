import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderRoute } from '@/test/render-app'
import { UNREAD_POLL_MS } from '@/features/messages/api/get-unread-count'
import { createQueryClient } from '@/lib/query-client'
import { mockApi, testUser } from '@/test/utils'

afterEach(() => vi.unstubAllGlobals())

/** Stands in for the browser's EventSource. */
class FakeEventSource {
  static instances: FakeEventSource[] = []
  closed = false
  listeners = new Map<string, () => void>()
  constructor(
    readonly url: string,
    readonly init?: EventSourceInit,
  ) {
    FakeEventSource.instances.push(this)
  }
  addEventListener(name: string, listener: () => void) {
    this.listeners.set(name, listener)
  }
  close() {
    this.closed = true
  }
}

function renderApp(route: string) {
  const queryClient = createQueryClient()
  renderRoute(route, queryClient)
  return queryClient
}

const api = {
  'GET /api/user': { body: testUser },
  'POST /api/logout': { body: { message: 'Logged out' } },
  'GET /api/states': { body: [] },
  'GET /api/messages/conversations': { body: [] },
  'GET /api/connections': { body: [] },
  'GET /api/agents': { body: [] },
  'GET /api/messages/unread-count': { body: { count: 0 } },
}

describe('signed-in layout: live events and routes', () => {
  it('opens one event stream with credentials while signed in and closes it on logout', async () => {
    FakeEventSource.instances = []
    vi.stubGlobal('EventSource', FakeEventSource)
    mockApi(api)
    const user = userEvent.setup()
    renderApp('/messages')
    expect(await screen.findByText(/^No conversations yet/)).toBeInTheDocument()
    expect(FakeEventSource.instances).toHaveLength(1)
    const source = FakeEventSource.instances[0]!
    expect(source.url).toBe('/api/events')
    expect(source.init).toEqual({ withCredentials: true })
    expect([...source.listeners.keys()].sort()).toEqual([
      'agreement',
      'connection',
      'error',
      'import',
      'matches',
      'message',
      'message-deleted',
      'open',
      'read',
      'resync',
      'share-interest',
    ])
    await user.click(screen.getAllByRole('button', { name: 'Logout' })[0]!)
    expect(await screen.findByRole('tab', { name: 'Sign In' })).toBeInTheDocument()
    expect(source.closed).toBe(true)
    expect(FakeEventSource.instances).toHaveLength(1)
  })

  it('polls the unread count every 30 s', async () => {
    mockApi(api)
    const queryClient = renderApp('/agents')
    expect(await screen.findByRole('heading', { name: 'Agent Network' })).toBeInTheDocument()
    await waitFor(() => expect(queryClient.getQueryCache().find({ queryKey: ['/api/messages/unread-count'] })).toBeDefined())
    const query = queryClient.getQueryCache().find({ queryKey: ['/api/messages/unread-count'] })!
    expect(UNREAD_POLL_MS).toBe(30_000)
    expect((query.options as { refetchInterval?: unknown }).refetchInterval).toBe(30_000)
  })

  it('routes /messages and /agents to their pages', async () => {
    mockApi(api)
    renderApp('/agents')
    expect(await screen.findByRole('tab', { name: 'Discover Agents' })).toBeInTheDocument()
    expect(screen.getByRole('tab', { name: /My Connections/ })).toBeInTheDocument()
    expect(screen.getByRole('tab', { name: /Connection Requests/ })).toBeInTheDocument()
  })
})
