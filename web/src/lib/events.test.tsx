import { render } from '@testing-library/react'
import { QueryClientProvider, type QueryKey } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  invalidateForEvent,
  connectEvents,
  EVENT_SOURCE_CLOSED,
  EVENTS_URL,
  REOPEN_BASE_MS,
  REOPEN_MAX_MS,
  reopenDelay,
  RESYNC_EVENT,
  type EventSourceLike,
} from '@/lib/events'
import { LiveEvents } from '@/lib/live-events'
import { createQueryClient } from '@/lib/query-client'

/** A stand-in for EventSource: records listeners and lets the test emit named events. */
class FakeEventSource implements EventSourceLike {
  static instances: FakeEventSource[] = []
  listeners = new Map<string, (() => void)[]>()
  closed = false
  readyState = 0
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
  /** What the browser does when the stream's request answers non-200: closes for good and reports an error. */
  giveUp() {
    this.readyState = EVENT_SOURCE_CLOSED
    this.emit('error')
  }
}

const latest = () => FakeEventSource.instances.at(-1)!
const everything = [
  'agents',
  'connections',
  'conversations',
  'matches',
  'properties',
  'recent',
  'requirements',
  'stats',
  'thread',
  'unread',
]

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
  requirements: ['/api/requirements'],
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

  it('matches refreshes matches, stats, and the own listings and requirements (their "Finding matches…")', () => {
    const { source, stale } = connected()
    source.emit('matches')
    expect(stale()).toEqual(['matches', 'properties', 'requirements', 'stats'])
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
    expect(stale()).toEqual(everything)
  })

  it('refetches everything events cover on resync, and the stream stays open', () => {
    const { source, stale } = connected()
    source.emit('open')
    source.emit(RESYNC_EVENT)
    expect(RESYNC_EVENT).toBe('resync')
    expect(stale()).toEqual(everything)
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

  describe('reopening a stream the browser gave up on', () => {
    afterEach(() => {
      vi.useRealTimers()
    })

    it('waits between half and all of 2 s doubling per attempt, at most 60 s', () => {
      expect([0, 1, 2, 5, 10].map((n) => reopenDelay(n, () => 0))).toEqual([1000, 2000, 4000, 30_000, 30_000])
      expect([0, 1, 2, 5, 10].map((n) => reopenDelay(n, () => 1))).toEqual([2000, 4000, 8000, 60_000, 60_000])
    })

    it('reopens after the backoff, refetches the user at once and everything events cover on open', () => {
      vi.useFakeTimers()
      const { source, stale } = connected()
      source.emit('open')
      source.giveUp()
      expect(stale()).toEqual(['user'])
      vi.advanceTimersByTime(REOPEN_BASE_MS / 2 - 1)
      expect(FakeEventSource.instances).toHaveLength(1)
      vi.advanceTimersByTime(REOPEN_BASE_MS / 2 + 1)
      expect(FakeEventSource.instances).toHaveLength(2)
      expect(latest().url).toBe(EVENTS_URL)
      latest().emit('open')
      expect(stale()).toEqual([...everything, 'user'].sort())
      latest().emit('matches')
      expect(latest().closed).toBe(false)
    })

    it('refetches on the first successful open when the very first request failed', () => {
      vi.useFakeTimers()
      const { source, queryClient, stale } = connected()
      source.giveUp()
      vi.advanceTimersByTime(REOPEN_BASE_MS)
      expect(FakeEventSource.instances).toHaveLength(2)
      queryClient.setQueryData(['/api/user'], [])
      latest().emit('open')
      expect(stale()).toEqual(everything)
    })

    it('backs off on repeated failures up to 60 s, and starts again at 2 s after an open', () => {
      vi.useFakeTimers()
      connected()
      for (let attempt = 0; attempt < 8; attempt++) {
        const full = Math.min(REOPEN_MAX_MS, REOPEN_BASE_MS * 2 ** attempt)
        latest().giveUp()
        vi.advanceTimersByTime(full / 2 - 1)
        expect(FakeEventSource.instances).toHaveLength(attempt + 1)
        vi.advanceTimersByTime(full / 2 + 1)
        expect(FakeEventSource.instances).toHaveLength(attempt + 2)
      }
      latest().emit('open')
      latest().giveUp()
      vi.advanceTimersByTime(REOPEN_BASE_MS)
      expect(FakeEventSource.instances).toHaveLength(10)
    })

    it('leaves an error the browser retries itself (not closed) to the browser', () => {
      vi.useFakeTimers()
      const { source } = connected()
      source.emit('error')
      vi.advanceTimersByTime(REOPEN_MAX_MS)
      expect(FakeEventSource.instances).toHaveLength(1)
    })

    it('does not reopen once the app knows it is signed out', () => {
      vi.useFakeTimers()
      const { source, queryClient } = connected()
      source.giveUp()
      queryClient.setQueryData(['/api/user'], null)
      vi.advanceTimersByTime(REOPEN_MAX_MS)
      expect(FakeEventSource.instances).toHaveLength(1)
    })

    it('close cancels a pending reopen', () => {
      vi.useFakeTimers()
      const { source, close } = connected()
      source.giveUp()
      close()
      vi.advanceTimersByTime(REOPEN_MAX_MS)
      expect(FakeEventSource.instances).toHaveLength(1)
    })

    it('LiveEvents unmounting cancels a pending reopen and closes the reopened stream', () => {
      vi.useFakeTimers()
      const { queryClient } = seeded()
      FakeEventSource.instances = []
      const view = render(
        <QueryClientProvider client={queryClient}>
          <LiveEvents userId={1} create={(url) => new FakeEventSource(url)} />
        </QueryClientProvider>,
      )
      latest().giveUp()
      vi.advanceTimersByTime(REOPEN_BASE_MS)
      expect(FakeEventSource.instances).toHaveLength(2)
      latest().giveUp()
      view.unmount()
      vi.advanceTimersByTime(REOPEN_MAX_MS)
      expect(FakeEventSource.instances).toHaveLength(2)
      expect(latest().closed).toBe(true)
    })
  })
})

describe('share-interest', () => {
  it('refreshes the share links, and only them', async () => {
    const queryClient = createQueryClient()
    queryClient.setQueryData(['/api/share-links'], [])
    queryClient.setQueryData(['/api/matches', { type: 'buyer' }], [])
    await invalidateForEvent(queryClient, 'share-interest')
    expect(queryClient.getQueryState(['/api/share-links'])?.isInvalidated).toBe(true)
    expect(queryClient.getQueryState(['/api/matches', { type: 'buyer' }])?.isInvalidated).toBe(false)
  })
})
