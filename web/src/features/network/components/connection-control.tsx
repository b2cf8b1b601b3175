import { Loader2, RotateCcw, UserPlus, X } from 'lucide-react'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { toast } from '@/components/ui/use-toast'
import { useCancelConnection } from '@/features/network/api/cancel-connection'
import { connectionControls, relationshipOf } from '@/features/network/lib/connection-state'
import type { Connection } from '@/lib/api-schemas'

const badgeVariant = { Pending: 'secondary', Connected: 'success', Declined: 'outline' } as const

export function useCancelRequest() {
  return useCancelConnection({
    onSuccess: () => toast({ variant: 'success', title: 'Connection request cancelled' }),
    onError: (error) => toast({ variant: 'destructive', title: 'Failed to cancel connection request', description: error.message }),
  })
}

type ConnectionControlProps = {
  connection: Connection | null
  userId: number
  agentName: string
  /** Opens the Send Connection Request dialog. */
  onConnect: () => void
}

/** The badge and action for one agent, by the latest connection between the two (spec part 2 section 2). */
export function ConnectionControl({ connection, userId, agentName, onConnect }: ConnectionControlProps) {
  const relationship = relationshipOf(connection, userId)
  const { badge, action } = connectionControls[relationship]
  const cancel = useCancelRequest()
  return (
    <div className="flex flex-wrap items-center gap-2" data-testid="connection-control" data-state={relationship}>
      {badge && <Badge variant={badgeVariant[badge]}>{badge}</Badge>}
      {action === 'Cancel' && connection && (
        <Button size="sm" variant="outline" disabled={cancel.isPending} onClick={() => cancel.mutate(connection.id)} aria-label={`Cancel request to ${agentName}`}>
          {cancel.isPending ? <Loader2 className="animate-spin" /> : <X />} Cancel
        </Button>
      )}
      {(action === 'Connect' || action === 'Connect Again' || action === 'Try Again') && (
        <Button size="sm" onClick={onConnect}>
          {action === 'Try Again' ? <RotateCcw /> : <UserPlus />} {action}
        </Button>
      )}
    </div>
  )
}
