import * as React from 'react'
import { BadgeCheck, ExternalLink, FileText, Loader2, ShieldCheck } from 'lucide-react'
import { EmptyState } from '@/components/empty-state'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { NativeSelect } from '@/components/ui/native-select'
import { Spinner } from '@/components/ui/spinner'
import { approveRera, rejectRera, useReraQueue, type ReraQueueItem, type ReraStatus } from '@/features/admin/api/rera-review'
import { NoteDialog } from '@/features/admin/components/note-dialog'
import { useApiMutation } from '@/lib/api-mutation'
import { formatValidity } from '@/shared/rera'

const statuses: [ReraStatus, string][] = [
  ['pending', 'Waiting for review'],
  ['approved', 'Approved'],
  ['rejected', 'Rejected'],
  ['lapsed', 'Lapsed'],
  ['superseded', 'Superseded'],
  ['all', 'All'],
]

/** Admin → "RERA review": the queue with each certificate, the number, the state's search page, Approve and Reject with a reason. */
export function ReraTab() {
  const [status, setStatus] = React.useState<ReraStatus>('pending')
  const query = useReraQueue(status)
  const [rejecting, setRejecting] = React.useState<ReraQueueItem | null>(null)
  return (
    <div className="grid gap-3">
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor="rera-status-filter" className="text-sm font-medium text-foreground">
          Show
        </label>
        <NativeSelect id="rera-status-filter" className="w-56" value={status} onChange={(e) => setStatus(e.target.value as ReraStatus)}>
          {statuses.map(([v, label]) => (
            <option key={v} value={v}>
              {label}
            </option>
          ))}
        </NativeSelect>
      </div>
      {query.isPending ? (
        <div className="flex items-center justify-center gap-2 py-12 text-muted-foreground">
          <Spinner className="size-5" /> Loading RERA registrations...
        </div>
      ) : query.isError ? (
        <p className="py-12 text-center text-destructive" role="alert">
          Could not load RERA registrations: {query.error.message}
        </p>
      ) : query.data.length === 0 ? (
        <EmptyState icon={ShieldCheck} message={status === 'pending' ? 'No RERA registrations are waiting for review.' : 'None.'} />
      ) : (
        <ul className="grid gap-2" data-testid="rera-queue">
          {query.data.map((it) => (
            <ReraRow key={it.id} it={it} onReject={() => setRejecting(it)} />
          ))}
        </ul>
      )}
      <RejectDialog item={rejecting} onClose={() => setRejecting(null)} />
    </div>
  )
}

function ReraRow({ it, onReject }: { it: ReraQueueItem; onReject: () => void }) {
  const approve = useApiMutation(approveRera, {
    successToast: { variant: 'success', title: 'Registration approved', description: `${it.agentName} now has the RERA badge.` },
    errorToast: 'Approval failed',
    exclusive: true,
  })
  return (
    <li className="grid gap-2 rounded-lg border border-border bg-card p-3 text-sm" data-testid="rera-item">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-medium text-foreground">
          {it.agentName} <span className="text-muted-foreground">@{it.username}</span>
        </p>
        <Badge variant={it.status === 'approved' ? 'default' : 'secondary'}>{it.status}</Badge>
      </div>
      <dl className="grid gap-1 sm:grid-cols-3">
        <div>
          <dt className="text-xs text-muted-foreground">Number</dt>
          <dd className="font-mono break-all text-foreground">{it.number}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">State authority</dt>
          <dd className="text-foreground">{it.state}</dd>
        </div>
        <div>
          <dt className="text-xs text-muted-foreground">Valid until</dt>
          <dd className="text-foreground">{formatValidity(it.validUntil)}</dd>
        </div>
      </dl>
      {it.reason && <p className="text-foreground">Reason: {it.reason}</p>}
      <div className="flex flex-wrap gap-2">
        <Button asChild variant="outline" size="sm">
          <a href={it.certificateUrl} download>
            <FileText aria-hidden /> Certificate
          </a>
        </Button>
        <Button asChild variant="outline" size="sm">
          <a href={it.searchUrl} target="_blank" rel="noopener noreferrer">
            <ExternalLink aria-hidden /> {it.state} RERA search
          </a>
        </Button>
        {it.status === 'pending' && (
          <>
            <Button size="sm" onClick={() => approve.mutate(it.id)} disabled={approve.isPending}>
              {approve.isPending ? <Loader2 className="animate-spin" /> : <BadgeCheck aria-hidden />} Approve
            </Button>
            <Button size="sm" variant="destructive" onClick={onReject} disabled={approve.isPending}>
              Reject
            </Button>
          </>
        )}
      </div>
    </li>
  )
}

function RejectDialog({ item, onClose }: { item: ReraQueueItem | null; onClose: () => void }) {
  const reject = useApiMutation(rejectRera, {
    successToast: 'Registration rejected',
    errorToast: 'Rejection failed',
    onSuccess: onClose,
  })
  return (
    <NoteDialog
      open={item !== null}
      onClose={onClose}
      title="Reject RERA registration"
      description={`${item ? `${item.agentName}'s ${item.number} (${item.state}). ` : ''}The agent sees the reason on their profile.`}
      id="rera-reject-reason"
      label="Reason"
      required="Say why the registration is rejected: the agent sees it"
      maxLength={500}
      rows={3}
      submitLabel="Reject"
      destructive
      send={(reason) => reject.mutateAsync({ id: item!.id, reason })}
      pending={reject.isPending}
    />
  )
}
