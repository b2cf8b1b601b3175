import * as React from 'react'
import { ShieldCheck } from 'lucide-react'
import { EmptyState } from '@/components/empty-state'
import { LoadMore } from '@/components/load-more'
import { Label } from '@/components/ui/label'
import { NativeSelect } from '@/components/ui/native-select'
import { Spinner } from '@/components/ui/spinner'
import { useRecentEvents, type SecurityEvent, type SecurityEventType } from '@/features/security/api/get-security-events'
import { EventBadge } from '@/features/security/components/event-badge'
import { eventTypeLabels, eventTypes, formatWhen } from '@/features/security/lib/security-format'
import { pageItems } from '@/lib/paged-query'

/** Recent Events: the newest 50, of one type or all, with more on demand. */
export function RecentEventsTab() {
  const [type, setType] = React.useState<SecurityEventType | ''>('')
  const query = useRecentEvents(type)
  const items = pageItems(query.data)
  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <Label htmlFor="event-type">Event type</Label>
        <NativeSelect
          id="event-type"
          className="w-auto min-w-56"
          value={type}
          onChange={(e) => setType(e.target.value as SecurityEventType | '')}
        >
          <option value="">All events</option>
          {eventTypes.map((t) => (
            <option key={t} value={t}>
              {eventTypeLabels[t]}
            </option>
          ))}
        </NativeSelect>
      </div>
      {query.isPending ? (
        <div className="flex items-center justify-center gap-2 py-12 text-muted-foreground">
          <Spinner className="size-5" /> Loading events...
        </div>
      ) : query.isError && !query.isFetchNextPageError ? (
        <p className="py-12 text-center text-destructive" role="alert">
          Could not load the events: {query.error.message}
        </p>
      ) : items.length === 0 ? (
        <EmptyState
          icon={ShieldCheck}
          message={type ? 'No events of this type in the last 90 days.' : 'No security events in the last 90 days.'}
        />
      ) : (
        <>
          <ul className="grid gap-2" data-testid="security-events">
            {items.map((e) => (
              <EventRow key={e.id} e={e} />
            ))}
          </ul>
          <LoadMore query={query} />
        </>
      )}
    </div>
  )
}

function EventRow({ e }: { e: SecurityEvent }) {
  return (
    <li className="grid gap-1 rounded-lg border border-border bg-card p-3 text-sm" data-testid="security-event">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="flex items-center gap-2">
          <EventBadge type={e.type} />
          {e.count > 1 && (
            <span
              className="rounded-full bg-muted px-2 py-0.5 text-xs font-medium text-subtle-foreground"
              data-testid="event-count"
              title={`${e.count} events from this address within one minute; the first is shown`}
            >
              ×{e.count.toLocaleString('en-IN')}
            </span>
          )}
        </span>
        <time className="text-xs text-muted-foreground" dateTime={e.timestamp}>
          {formatWhen(e.timestamp)}
        </time>
      </div>
      <p className="break-all text-foreground">
        {e.detail}
        {e.url && <span className="font-mono text-xs text-muted-foreground"> · {e.url}</span>}
      </p>
      <p className="text-xs text-muted-foreground">
        {e.ip ? <span className="font-mono">{e.ip}</span> : 'no address'}
        {e.user && <> · {e.user}</>}
      </p>
    </li>
  )
}
