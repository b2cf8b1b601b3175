import { Check, Loader2, X } from 'lucide-react'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { PaneHeader } from '@/components/pane-header'
import { AgentAvatar } from '@/components/agent-avatar'
import { useAnswerRequest } from '@/features/network/components/use-answer-request'
import { formatDate } from '@/shared/format'
import type { Connection } from '@/lib/api-schemas'

type RequestPaneProps = {
  connection: Connection
  onBack: () => void
  onAccepted: (requesterId: number) => void
  onDeclined: () => void
}

/** A pending incoming request shown as a conversation: the introduction, Accept and Decline, no composer. */
export function RequestPane({ connection, onBack, onAccepted, onDeclined }: RequestPaneProps) {
  const answer = useAnswerRequest({
    onAnswered: (_, { status }) => (status === 'accepted' ? onAccepted(connection.requesterId) : onDeclined()),
  })
  const from = connection.requester
  const busy = answer.isPending
  return (
    <div className="flex h-full min-h-0 flex-col" data-testid="request-pane">
      <PaneHeader onBack={onBack}>
        <AgentAvatar name={from.fullName} picture={from.profilePicture} />
        <div className="grid min-w-0">
          <h2 className="flex items-center gap-2 font-semibold text-foreground">
            Connection Request <Badge>New Request</Badge>
          </h2>
          <p className="text-xs text-muted-foreground">Real Estate Agent</p>
        </div>
      </PaneHeader>
      <div className="grid min-h-0 flex-1 content-start gap-4 overflow-y-auto bg-muted/50 p-4">
        <div className="grid gap-1">
          <p className="font-medium text-foreground">{from.fullName} wants to connect</p>
          <p className="text-sm text-muted-foreground">
            {[from.city, from.state].filter(Boolean).join(', ')} · {formatDate(connection.createdAt)}
          </p>
        </div>
        {connection.message && (
          <p className="rounded-2xl rounded-bl-sm border border-border bg-card px-3 py-2 text-sm break-words whitespace-pre-wrap text-foreground">
            {connection.message}
          </p>
        )}
        <div className="flex flex-wrap gap-2">
          <Button disabled={busy} onClick={() => answer.mutate({ id: connection.id, status: 'accepted' })}>
            {busy && answer.variables?.status === 'accepted' ? <Loader2 className="animate-spin" /> : <Check />} Accept
          </Button>
          <Button variant="outline" disabled={busy} onClick={() => answer.mutate({ id: connection.id, status: 'rejected' })}>
            {busy && answer.variables?.status === 'rejected' ? <Loader2 className="animate-spin" /> : <X />} Decline
          </Button>
        </div>
      </div>
    </div>
  )
}
