import { Loader2, RotateCcw, UserPlus, X } from 'lucide-react'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { cancelConnection } from '@/features/network/api/answer-connection'
import { askAgainDay, connectionControls, relationshipOf, waitUntil } from '@/features/network/lib/connection-state'
import { useApiMutation } from '@/lib/api-mutation'
import type { Connection } from '@/lib/api-schemas'

const badgeVariant = { Pending: 'secondary', Connected: 'success', Declined: 'outline' } as const

/** Cancel a sent request, with a toast for the outcome (docs/product.md#connections). */
export function useCancelRequest() {
  return useApiMutation(cancelConnection, {
    exclusive: true,
    successToast: 'Connection request cancelled',
    errorToast: 'Failed to cancel connection request',
  })
}

type ConnectionControlProps = {
  connection: Connection | null
  userId: number
  agentName: string
  /** Opens the Send Connection Request dialog. */
  onConnect: () => void
}

/** The badge and action for one agent, by the latest connection between the two (docs/product.md#agent-network). */
export function ConnectionControl({ connection, userId, agentName, onConnect }: ConnectionControlProps) {
  const relationship = relationshipOf(connection, userId)
  const { badge, action } = connectionControls[relationship]
  // A declined requester waits out the server's cool-down: the card says until when instead of offering
  // a request that would fail.
  const wait = waitUntil(connection, userId)
  const cancel = useCancelRequest()
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="connection-control" data-state={relationship}>
      {badge && <Badge variant={badgeVariant[badge]}>{badge}</Badge>}
      {action === 'Cancel' && connection && (
        <Button
          size="sm"
          variant="outline"
          disabled={cancel.isPending}
          onClick={() => cancel.mutate(connection.id)}
          aria-label={`Cancel request to ${agentName}`}
        >
          {cancel.isPending ? <Loader2 className="animate-spin" /> : <X />} Cancel
        </Button>
      )}
      {wait && (
        <span className="text-sm text-muted-foreground" data-testid="ask-again">
          You can ask again after {askAgainDay(wait)}
        </span>
      )}
      {!wait && (action === 'Connect' || action === 'Connect Again' || action === 'Try Again') && (
        <Button size="sm" onClick={onConnect}>
          {action === 'Try Again' ? <RotateCcw /> : <UserPlus />} {action}
        </Button>
      )}
    </div>
  )
}
