import type { QueryClient } from '@tanstack/react-query'
import { toast } from '@/components/ui/use-toast'
import { userKeys } from '@/lib/auth'
import { changedFamilies, invalidateFamilies } from '@/lib/query-families'

/** The live event stream of the signed-in user (Server-Sent Events). */
export const EVENTS_URL = '/api/events'

/** The event names /api/events sends. */
export const EVENT_NAMES = ['message', 'message-deleted', 'read', 'connection', 'matches', 'agreement', 'import', 'share-interest'] as const
export type EventName = (typeof EVENT_NAMES)[number]

/** The query families each event makes stale: the same as the app's own write of that kind. */
export const eventFamilies: Record<EventName, readonly string[]> = {
  message: changedFamilies.messages,
  'message-deleted': changedFamilies.messages,
  read: changedFamilies.messages,
  connection: changedFamilies.connections,
  /** New matches also end "Finding matches…" on the listings and requirements that gained them. */
  matches: [...changedFamilies.matches, '/api/properties', '/api/requirements'],
  /** The other agent of a match proposed, answered or moved the deal: its agreements (under /api/matches). */
  agreement: changedFamilies.matches,
  /** A bulk import's progress: the import, and the listings or requirements it saved. */
  import: ['/api/imports', '/api/properties', '/api/requirements', '/api/dashboard/stats'],
  /** A client tapped "I'm interested" on a shared listing (issue 27). */
  'share-interest': ['/api/share-links'],
}

/** Refetches what an event changed; unknown names do nothing. */
export function invalidateForEvent(queryClient: QueryClient, name: string) {
  const families = eventFamilies[name as EventName]
  if (!families) return Promise.resolve()
  return invalidateFamilies(queryClient, families)
}

/** Every family an event can touch: refetched after a reconnect, since events may have been missed meanwhile. */
export const allEventFamilies = [...new Set(Object.values(eventFamilies).flat())]

/**
 * The event the server sends when events may have been missed while the stream stayed open
 * (its database listener reconnected): everything events cover is refetched.
 */
export const RESYNC_EVENT = 'resync'

/** The parts of EventSource used here (a fake one stands in for tests). */
export type EventSourceLike = {
  readonly readyState: number
  addEventListener: (name: string, listener: () => void) => void
  close: () => void
}
export type EventSourceFactory = (url: string) => EventSourceLike

/** EventSource.CLOSED: the browser gave up (the stream answered non-200) and will not reconnect by itself. */
export const EVENT_SOURCE_CLOSED = 2

/** The wait before reopening a stream the browser gave up on: 2 s, doubling, at most 60 s, before jitter. */
export const REOPEN_BASE_MS = 2000
export const REOPEN_MAX_MS = 60_000

/** The wait before the given reopen attempt (0 first): between half and all of the doubled base, capped. */
export function reopenDelay(attempt: number, random: () => number = Math.random) {
  const full = Math.min(REOPEN_MAX_MS, REOPEN_BASE_MS * 2 ** attempt)
  return Math.round(full / 2 + (full / 2) * random())
}

/** The browser's EventSource with credentials, or null where there is none (old browsers, jsdom). */
export function browserEventSource(): EventSourceFactory | null {
  return typeof EventSource === 'undefined' ? null : (url) => new EventSource(url, { withCredentials: true })
}

/**
 * Opens one stream and invalidates on each named event, and everything events cover on a resync
 * and on every reconnect. The browser reconnects by itself after a dropped stream; when it gives up
 * (the request answered non-200: 429, 503, 401) the stream is reopened here after reopenDelay,
 * and the signed-in user is refetched so a 401 signs the app out (which closes this). Returns the
 * close function, which also cancels a pending reopen.
 * Without EventSource (old browsers, jsdom) nothing opens and the unread-count poll remains.
 */
export function connectEvents(queryClient: QueryClient, create: EventSourceFactory | null = browserEventSource()) {
  if (!create) return () => {}
  const refetchAll = () => void invalidateFamilies(queryClient, allEventFamilies)
  const signedOut = () => queryClient.getQueryData(userKeys.current()) === null
  let reconnect = false
  let attempt = 0
  let timer: ReturnType<typeof setTimeout> | undefined
  let stopped = false
  let current: EventSourceLike | undefined

  const open = () => {
    timer = undefined
    if (signedOut()) return
    const source = create(EVENTS_URL)
    current = source
    for (const name of EVENT_NAMES) {
      source.addEventListener(name, () => void invalidateForEvent(queryClient, name))
    }
    // The in-app notice of a client's interest (the Share links page shows which listing).
    source.addEventListener('share-interest', () =>
      toast({ variant: 'success', title: 'A client is interested', description: 'Open Share links to see which listing.' }),
    )
    source.addEventListener(RESYNC_EVENT, refetchAll)
    source.addEventListener('open', () => {
      attempt = 0
      if (reconnect) refetchAll()
      reconnect = true
    })
    source.addEventListener('error', () => {
      if (stopped || source !== current || source.readyState !== EVENT_SOURCE_CLOSED) return
      reconnect = true
      void queryClient.invalidateQueries({ queryKey: userKeys.current(), exact: true })
      timer = setTimeout(open, reopenDelay(attempt))
      attempt += 1
    })
  }

  open()
  return () => {
    stopped = true
    clearTimeout(timer)
    current?.close()
  }
}
