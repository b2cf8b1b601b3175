import * as React from 'react'
import { Scale } from 'lucide-react'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { NativeSelect } from '@/components/ui/native-select'
import { useAdminDisputes, type Dispute, type DisputeStatus } from '@/features/admin/api/get-admin-disputes'
import { resolveDispute } from '@/features/admin/api/resolve-dispute'
import { ListState } from '@/features/admin/components/list-state'
import { NoteDialog } from '@/features/admin/components/note-dialog'
import { useApiMutation } from '@/lib/api-mutation'
import { pageItems } from '@/lib/paged-query'
import { unknownAgentName } from '@/shared/format'

const statuses: [DisputeStatus, string][] = [
  ['open', 'Open'],
  ['resolved', 'Resolved'],
]

const emptyMessages: Record<DisputeStatus, string> = {
  open: 'No open disputes: no agent has flagged a deal.',
  resolved: 'No resolved disputes yet.',
}

/** The agent who flagged the dispute, by name when it was one of the agreement's two agents. */
export function filedByName(d: Dispute) {
  if (d.filedBy === d.listingAgentId) return d.listingAgentName
  if (d.filedBy === d.buyerAgentId) return d.buyerAgentName
  return unknownAgentName(d.filedBy)
}

/** "#12 · 3 BHK in Whitefield · match #9"; the listing or the match may have been deleted since. */
export function listingText(d: Dispute) {
  if (d.propertyId !== null && d.listingTitle !== null) return `#${d.propertyId} · ${d.listingTitle} · match #${d.matchId}`
  return d.matchId !== null ? `Listing deleted (match #${d.matchId})` : 'Match deleted'
}

const dateTime = (iso: string) => new Date(iso).toLocaleString('en-IN', { dateStyle: 'medium', timeStyle: 'short' })

/** Admin → "Disputes": the deal disputes agents flagged on co-broking agreements, open or resolved; Resolve with a note (audited). */
export function DisputesTab() {
  const [status, setStatus] = React.useState<DisputeStatus>('open')
  const query = useAdminDisputes(status)
  const items = pageItems(query.data)
  const [resolving, setResolving] = React.useState<Dispute | null>(null)
  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor="dispute-status-filter" className="text-sm font-medium text-foreground">
          Show
        </label>
        <NativeSelect
          id="dispute-status-filter"
          className="w-40"
          value={status}
          onChange={(e) => setStatus(e.target.value as DisputeStatus)}
        >
          {statuses.map(([v, label]) => (
            <option key={v} value={v}>
              {label}
            </option>
          ))}
        </NativeSelect>
      </div>
      <ListState query={query} count={items.length} what="disputes" icon={Scale} emptyMessage={emptyMessages[status]}>
        <ul className="grid gap-2" data-testid="admin-disputes">
          {items.map((d) => (
            <DisputeRow key={d.agreementId} d={d} onResolve={() => setResolving(d)} />
          ))}
        </ul>
      </ListState>
      <ResolveDialog dispute={resolving} onClose={() => setResolving(null)} />
    </div>
  )
}

function DisputeRow({ d, onResolve }: { d: Dispute; onResolve: () => void }) {
  return (
    <li className="grid gap-2 rounded-lg border border-border bg-card p-3 text-sm" data-testid="dispute-item">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-mono font-medium break-all text-foreground">{d.number}</p>
        <div className="flex flex-wrap gap-1">
          <Badge variant="outline">Deal: {d.stage.replace('_', ' ')}</Badge>
          <Badge variant={d.status === 'open' ? 'destructive' : 'secondary'}>{d.status}</Badge>
        </div>
      </div>
      <dl className="grid gap-1 sm:grid-cols-3">
        <div>
          <dt className="text-xs text-muted-foreground">Listing agent</dt>
          <dd className="text-foreground">{d.listingAgentName}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">Buyer's agent</dt>
          <dd className="text-foreground">{d.buyerAgentName}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">Listing</dt>
          <dd className="break-words text-foreground">{listingText(d)}</dd>
        </div>
      </dl>
      <div>
        <p className="text-xs text-muted-foreground">
          Flagged by {filedByName(d)} on <time dateTime={d.filedAt}>{dateTime(d.filedAt)}</time>
        </p>
        <p className="break-words whitespace-pre-line text-foreground">{d.note}</p>
      </div>
      {d.status === 'resolved' ? (
        <div>
          <p className="text-xs text-muted-foreground">
            Resolved
            {d.resolvedAt && (
              <>
                {' '}
                on <time dateTime={d.resolvedAt}>{dateTime(d.resolvedAt)}</time>
              </>
            )}
          </p>
          <p className="break-words whitespace-pre-line text-foreground">{d.resolution}</p>
        </div>
      ) : (
        <div>
          <Button size="sm" onClick={onResolve}>
            Resolve
          </Button>
        </div>
      )}
    </li>
  )
}

function ResolveDialog({ dispute, onClose }: { dispute: Dispute | null; onClose: () => void }) {
  const resolve = useApiMutation(resolveDispute, {
    successToast: 'Dispute resolved',
    errorToast: 'Could not resolve the dispute',
    onSuccess: onClose,
  })
  return (
    <NoteDialog
      open={dispute !== null}
      onClose={onClose}
      title="Resolve dispute"
      description={`${dispute ? `${dispute.number} between ${dispute.listingAgentName} and ${dispute.buyerAgentName}. ` : ''}The note is kept in the audit log.`}
      id="dispute-resolve-note"
      label="Resolution note"
      required="Say how the dispute was resolved"
      maxLength={1000}
      rows={4}
      submitLabel="Resolve"
      send={(note) => resolve.mutateAsync({ id: dispute!.agreementId, note })}
      pending={resolve.isPending}
    />
  )
}
