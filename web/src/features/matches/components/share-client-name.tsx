import { Loader2, UserCheck } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { shareMatchClient } from '@/features/matches/api/update-match'
import { useApiMutation } from '@/lib/api-mutation'
import type { Match } from '@/lib/api-schemas'

/**
 * For the buyer agent: other agents see the client as first name and last initial; this shares the
 * full name with the match's seller agent (docs/product.md#privacy). Once shared it says so.
 */
export function ShareClientName({ match }: { match: Match }) {
  const share = useApiMutation(shareMatchClient, {
    exclusive: true,
    successToast: { variant: 'success', title: 'Client name shared', description: "The seller agent now sees your client's full name." },
    errorToast: 'Could not share the client name',
  })
  if (match.clientNameShared || share.isSuccess) {
    return (
      <p className="flex items-center gap-1.5 text-sm text-subtle-foreground" data-testid="client-name-shared">
        <UserCheck className="size-4 shrink-0 text-success" aria-hidden /> Client name shared with the seller agent
      </p>
    )
  }
  return (
    <Button
      size="sm"
      variant="outline"
      className="justify-self-start"
      disabled={share.isPending}
      onClick={() => share.mutate(match.id)}
      title="The seller agent sees your client's first name and last initial until you share the full name"
      data-testid="share-client-name"
    >
      {share.isPending ? <Loader2 className="animate-spin" /> : <UserCheck />} Share client name
    </Button>
  )
}
