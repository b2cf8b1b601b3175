import { render } from '@testing-library/react'
import { QueryClientProvider, type QueryKey } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { connectEvents, EVENTS_URL, RESYNC_EVENT, type EventSourceLike } from '@/lib/events'
import { LiveEvents } from '@/lib/live-events'
import { createQueryClient } from '@/lib/query-client'

/** A stand-in for EventSource: records listeners and lets the test emit named events. */
class FakeEventSource implements EventSourceLike {
  static instances: FakeEventSource[] = []
  listeners = new Map<string, (() => void)[]>()
  closed = false
  constructor(readonly url: string) {
    FakeEventSource.instances.push(this)
  }
  addEventListener(name: string, listener: () => void) {
    this.listeners.set(name, [...(this.listeners.get(name) ?? []), listener])
  }
  close() {
    this.closed = true
  }
  emit(name: string) {
    for (const l of this.listeners.get(name) ?? []) l()
  }
}

const keys: Record<string, QueryKey> = {
  thread: ['/api/messages', { with: 2 }],
  recent: ['/api/messages', { limit: 3 }],
  conversations: ['/api/messages/conversations'],
  unread: ['/api/messages/unread-count'],
  stats: ['/api/dashboard/stats'],
  connections: ['/api/connections', { status: 'pending' }],
  agents: ['/api/agents', { q: undefined }],
  matches: ['/api/matches', { type: 'buyer' }],
  user: ['/api/user'],
  properties: ['/api/properties'],
}

function seeded() {
  const queryClient = createQueryClient()
  for (const key of Object.values(keys)) queryClient.setQueryData(key, [])
  const stale = () =>
    Object.entries(keys)
      .filter(([, key]) => queryClient.getQueryState(key)?.isInvalidated)
      .map(([name]) => name)
      .sort()
  return { queryClient, stale }
}

function connected() {
  const { queryClient, stale } = seeded()
  FakeEventSource.instances = []
  const close = connectEvents(queryClient, (url) => new FakeEventSource(url))
  return { queryClient, stale, close, source: FakeEventSource.instances[0]! }
}

describe('live events', () => {
  it('opens one stream to /api/events', () => {
    const { source } = connected()
    expect(FakeEventSource.instances).toHaveLength(1)
    expect(source.url).toBe(EVENTS_URL)
  })

  it.each(['message', 'message-deleted', 'read'])('%s refreshes messages, conversations, unread count and stats', (name) => {
    const { source, stale } = connected()
    source.emit(name)
    expect(stale()).toEqual(['conversations', 'recent', 'stats', 'thread', 'unread'])
  })

  it('connection refreshes connections, agents, conversations and stats', () => {
    const { source, stale } = connected()
    source.emit('connection')
    expect(stale()).toEqual(['agents', 'connections', 'conversations', 'stats'])
  })

  it('matches refreshes matches and stats', () => {
    const { source, stale } = connected()
    source.emit('matches')
    expect(stale()).toEqual(['matches', 'stats'])
  })

  it('ignores other events and closes the stream', () => {
    const { source, stale, close } = connected()
    source.emit('ping')
    expect(stale()).toEqual([])
    close()
    expect(source.closed).toBe(true)
  })

  it('refetches everything events cover after a reconnect, not on the first open', () => {
    const { source, stale } = connected()
    source.emit('open')
    expect(stale()).toEqual([])
    source.emit('open')
    expect(stale()).toEqual(['agents', 'connections', 'conversations', 'matches', 'recent', 'stats', 'thread', 'unread'])
  })

  it('refetches everything events cover on resync, and the stream stays open', () => {
    const { source, stale } = connected()
    source.emit('open')
    source.emit(RESYNC_EVENT)
    expect(RESYNC_EVENT).toBe('resync')
    expect(stale()).toEqual(['agents', 'connections', 'conversations', 'matches', 'recent', 'stats', 'thread', 'unread'])
    expect(source.closed).toBe(false)
  })

  it('does nothing without EventSource support', () => {
    const { queryClient } = seeded()
    expect(() => connectEvents(queryClient, null)()).not.toThrow()
  })

  it('LiveEvents opens for a signed-in user and closes on unmount', () => {
    const { queryClient } = seeded()
    FakeEventSource.instances = []
    const create = (url: string) => new FakeEventSource(url)
    const view = render(
      <QueryClientProvider client={queryClient}>
        <LiveEvents userId={1} create={create} />
      </QueryClientProvider>,
    )
    expect(FakeEventSource.instances).toHaveLength(1)
    view.unmount()
    expect(FakeEventSource.instances[0]!.closed).toBe(true)
  })

  it('LiveEvents opens nothing while signed out', () => {
    FakeEventSource.instances = []
    render(
      <QueryClientProvider client={createQueryClient()}>
        <LiveEvents userId={undefined} create={(url) => new FakeEventSource(url)} />
      </QueryClientProvider>,
    )
    expect(FakeEventSource.instances).toHaveLength(0)
  })
})
