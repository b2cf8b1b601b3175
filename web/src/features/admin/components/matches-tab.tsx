import * as React from 'react'
import { ListChecks } from 'lucide-react'
import { Badge } from '@/components/ui/badge'
import { NativeSelect } from '@/components/ui/native-select'
import { useAdminMatches, type MatchStatus } from '@/features/admin/api/get-admin-data'
import { ListState } from '@/features/admin/components/list-state'
import { formatDate } from '@/shared/format'
import { pageItems } from '@/lib/paged-query'

const statuses: MatchStatus[] = ['new', 'viewed', 'contacted', 'interested', 'not_interested', 'closed']

/** Matches: read-only, filtered by either side's status on the server. */
export function MatchesTab() {
  const [status, setStatus] = React.useState<MatchStatus | ''>('')
  const query = useAdminMatches(status)
  const items = pageItems(query.data)
  return (
    <div className="grid gap-3">
      <div className="max-w-xs">
        <NativeSelect aria-label="Filter by status" value={status} onChange={(e) => setStatus(e.target.value as MatchStatus | '')}>
          <option value="">All statuses</option>
          {statuses.map((s) => (
            <option key={s} value={s}>
              {s.replace('_', ' ')}
            </option>
          ))}
        </NativeSelect>
      </div>
      <ListState
        query={query}
        count={items.length}
        what="matches"
        icon={ListChecks}
        emptyMessage={status ? 'No matches with this status.' : 'No matches yet.'}
      >
        <ul className="grid gap-2" data-testid="admin-matches">
          {items.map((m) => (
            <li key={m.id} className="grid gap-1 rounded-lg border border-border bg-card p-3 text-sm">
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-medium text-foreground">Match #{m.id}</span>
                <Badge variant="secondary">{m.matchScore}%</Badge>
                <Badge variant="outline">buyer: {m.buyerStatus.replace('_', ' ')}</Badge>
                <Badge variant="outline">seller: {m.sellerStatus.replace('_', ' ')}</Badge>
                <span className="text-muted-foreground">{formatDate(m.createdAt)}</span>
              </div>
              <p className="text-subtle-foreground">
                Property #{m.propertyId} {m.propertyTitle} · Requirement #{m.requirementId} ({m.clientName})
              </p>
              <p className="text-xs text-muted-foreground">
                Buyer agent #{m.buyerAgentId} {m.buyerAgentName} · Seller agent #{m.sellerAgentId} {m.sellerAgentName}
              </p>
            </li>
          ))}
        </ul>
      </ListState>
    </div>
  )
}
