import { Copy, Loader2 } from 'lucide-react'
import { EmptyState } from '@/components/empty-state'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { useDuplicateClusters, type DuplicateCluster } from '@/features/admin/api/get-admin-data'
import { splitDuplicates } from '@/features/admin/api/split-duplicates'
import { useApiMutation } from '@/lib/api-mutation'
import { formatPrice } from '@/shared/format'

/**
 * Duplicates: clusters of listings of the same property by several agents, as the checks found
 * them (docs/product.md#duplicate-listings). "Not a duplicate" splits a cluster for good (audited).
 */
export function DuplicatesTab() {
  const query = useDuplicateClusters()
  if (query.isPending)
    return (
      <div className="flex items-center justify-center gap-2 py-12 text-muted-foreground">
        <Spinner className="size-5" /> Loading duplicates...
      </div>
    )
  if (query.isError)
    return (
      <p className="py-12 text-center text-destructive" role="alert">
        Could not load duplicates: {query.error.message}
      </p>
    )
  if (query.data.length === 0) return <EmptyState icon={Copy} message="No likely duplicate listings." />
  return (
    <ul className="grid gap-3" data-testid="admin-duplicates">
      {query.data.map((c) => (
        <ClusterRow key={c.id} cluster={c} />
      ))}
    </ul>
  )
}

function ClusterRow({ cluster }: { cluster: DuplicateCluster }) {
  const split = useApiMutation(splitDuplicates, { successToast: 'Marked as not a duplicate' })
  const reasons = [...new Set(cluster.pairs.flatMap((p) => p.reasons))]
  return (
    <li className="grid gap-2 rounded-lg border border-border bg-card p-3 text-sm" data-testid="duplicate-cluster">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-medium text-foreground">
          Listed by {cluster.members.length} agents <Badge variant="secondary">{Math.round(cluster.likelihood * 100)}% likely</Badge>
        </p>
        <Button variant="outline" size="sm" disabled={split.isPending} onClick={() => split.mutate(cluster.id)}>
          {split.isPending && <Loader2 className="animate-spin" />}
          Not a duplicate
        </Button>
      </div>
      <ul className="grid gap-1">
        {cluster.members.map((m) => (
          <li key={m.propertyId} className="flex flex-wrap gap-x-2 text-foreground">
            <span className="font-medium">{m.agentName}</span>
            <span className="text-muted-foreground">
              #{m.propertyId} · {m.title} · {m.locality}, {m.city} · {formatPrice(m.price)}
              {m.isActive ? '' : ' · inactive'}
            </span>
          </li>
        ))}
      </ul>
      {reasons.length > 0 && <p className="text-xs text-subtle-foreground">Signals: {reasons.join(', ')}</p>}
    </li>
  )
}
