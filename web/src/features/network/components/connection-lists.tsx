import { Check, Inbox, Loader2, MessageSquare, Users, X } from 'lucide-react'
import { Link } from 'react-router'
import { LoadMore } from '@/components/load-more'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { Spinner } from '@/components/ui/spinner'
import type { useConnections } from '@/features/network/api/get-connections'
import { AgentAvatar } from '@/components/agent-avatar'
import { useCancelRequest } from '@/features/network/components/connection-control'
import { useAnswerRequest } from '@/features/network/components/use-answer-request'
import { directionOf, otherAgent } from '@/features/network/lib/connection-state'
import { formatDate } from '@/shared/format'
import type { Connection } from '@/lib/api-schemas'
import { pageItems } from '@/lib/paged-query'
import { EmptyState } from '@/components/empty-state'
import { paths } from '@/app/paths'

type ConnectionsQuery = ReturnType<typeof useConnections>

function ListState({
  query,
  empty,
  icon: Icon,
  children,
}: {
  query: ConnectionsQuery
  empty: string
  icon: typeof Users
  children: React.ReactNode
}) {
  if (query.isPending) {
    return (
      <div className="flex justify-center py-12">
        <Spinner className="size-6" />
      </div>
    )
  }
  if (query.isError && !query.isFetchNextPageError) {
    return (
      <p className="py-12 text-center text-destructive" role="alert">
        Could not load connections: {query.error.message}
      </p>
    )
  }
  if (pageItems(query.data).length === 0) {
    return <EmptyState icon={Icon} message={empty} />
  }
  return (
    <div className="grid gap-3">
      {children}
      <LoadMore query={query} />
    </div>
  )
}

function Row({ connection, userId, children }: { connection: Connection; userId: number; children: React.ReactNode }) {
  const agent = otherAgent(connection, userId)
  return (
    <Card className="flex min-w-0 flex-wrap items-center gap-3 p-4" data-testid="connection-row">
      <AgentAvatar name={agent.fullName} picture={agent.profilePicture} />
      <div className="grid min-w-0 flex-1 gap-0.5">
        <p className="truncate font-medium text-foreground">{agent.fullName}</p>
        {children}
      </div>
    </Card>
  )
}

/** My Connections: accepted connections with the other agent and the date. */
export function MyConnections({ query, userId }: { query: ConnectionsQuery; userId: number }) {
  return (
    <ListState query={query} empty="No connected agents yet" icon={Users}>
      {pageItems(query.data).map((c) => (
        <Row key={c.id} connection={c} userId={userId}>
          <p className="text-sm text-muted-foreground">Connected on {formatDate(c.updatedAt)}</p>
          <Button asChild size="sm" variant="outline" className="mt-1 justify-self-start">
            <Link to={paths.messages.to({ withAgent: otherAgent(c, userId).id })}>
              <MessageSquare /> Message
            </Link>
          </Button>
        </Row>
      ))}
    </ListState>
  )
}

function RequestActions({ connection, userId }: { connection: Connection; userId: number }) {
  const answer = useAnswerRequest()
  const cancel = useCancelRequest()
  if (directionOf(connection, userId) === 'sent') {
    return (
      <Button size="sm" variant="outline" disabled={cancel.isPending} onClick={() => cancel.mutate(connection.id)}>
        {cancel.isPending ? <Loader2 className="animate-spin" /> : <X />} Cancel
      </Button>
    )
  }
  const busy = answer.isPending
  return (
    <div className="flex gap-2">
      <Button size="sm" disabled={busy} onClick={() => answer.mutate({ id: connection.id, status: 'accepted' })}>
        <Check /> Accept
      </Button>
      <Button size="sm" variant="outline" disabled={busy} onClick={() => answer.mutate({ id: connection.id, status: 'rejected' })}>
        <X /> Decline
      </Button>
    </div>
  )
}

/** Connection Requests: pending ones, labelled Sent or Received; Accept/Decline received, Cancel sent. */
export function ConnectionRequests({ query, userId }: { query: ConnectionsQuery; userId: number }) {
  return (
    <ListState query={query} empty="No pending requests" icon={Inbox}>
      {pageItems(query.data).map((c) => {
        const sent = directionOf(c, userId) === 'sent'
        return (
          <Row key={c.id} connection={c} userId={userId}>
            <div className="flex flex-wrap items-center gap-2">
              <Badge variant={sent ? 'outline' : 'default'}>{sent ? 'Sent' : 'Received'}</Badge>
              <span className="text-xs text-muted-foreground">{formatDate(c.createdAt)}</span>
            </div>
            {c.message && <p className="line-clamp-2 text-sm whitespace-pre-line text-subtle-foreground">{c.message}</p>}
            <div className="mt-1">
              <RequestActions connection={c} userId={userId} />
            </div>
          </Row>
        )
      })}
    </ListState>
  )
}
