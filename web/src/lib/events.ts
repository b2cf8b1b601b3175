import type { QueryClient } from '@tanstack/react-query'
import { changedFamilies, invalidateFamilies } from '@/lib/query-families'

/** The live event stream of the signed-in user (Server-Sent Events). */
export const EVENTS_URL = '/api/events'

/** The event names /api/events sends. */
export const EVENT_NAMES = ['message', 'message-deleted', 'read', 'connection', 'matches'] as const
export type EventName = (typeof EVENT_NAMES)[number]

/** The query families each event makes stale: the same as the app's own write of that kind. */
export const eventFamilies: Record<EventName, readonly string[]> = {
  message: changedFamilies.messages,
  'message-deleted': changedFamilies.messages,
  read: changedFamilies.messages,
  connection: changedFamilies.connections,
  matches: changedFamilies.matches,
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
export type EventSourceLike = { addEventListener: (name: string, listener: () => void) => void; close: () => void }
export type EventSourceFactory = (url: string) => EventSourceLike

/** The browser's EventSource with credentials, or null where there is none (old browsers, jsdom). */
export function browserEventSource(): EventSourceFactory | null {
  return typeof EventSource === 'undefined' ? null : (url) => new EventSource(url, { withCredentials: true })
}

/**
 * Opens one stream and invalidates on each named event, and everything events cover on a resync
 * and on every reconnect (the browser reconnects by itself). Returns the close function.
 * Without EventSource (old browsers, jsdom) nothing opens and the unread-count poll remains.
 */
export function connectEvents(queryClient: QueryClient, create: EventSourceFactory | null = browserEventSource()) {
  if (!create) return () => {}
  const source = create(EVENTS_URL)
  for (const name of EVENT_NAMES) {
    source.addEventListener(name, () => void invalidateForEvent(queryClient, name))
  }
  const refetchAll = () => void invalidateFamilies(queryClient, allEventFamilies)
  source.addEventListener(RESYNC_EVENT, refetchAll)
  let opened = 0
  source.addEventListener('open', () => {
    opened += 1
    if (opened > 1) refetchAll()
  })
  return () => source.close()
}
