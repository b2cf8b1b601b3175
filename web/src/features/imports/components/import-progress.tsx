import type { ImportStatus } from '@/features/imports/api/imports'
import { percentDone } from '@/features/imports/lib/import-view'

const statusText: Record<ImportStatus['status'], string> = {
  pending: 'Waiting to start',
  running: 'Importing',
  done: 'Finished',
  cancelled: 'Cancelled',
  failed: 'Failed',
}

/** The progress bar: rows done of total, live. */
export function ImportProgress({ status }: { status: ImportStatus }) {
  const pct = percentDone(status.done, status.total)
  return (
    <div className="grid gap-2" data-testid="import-progress">
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <span className="font-medium text-foreground" data-testid="import-status">
          {statusText[status.status]}
        </span>
        <span className="text-muted-foreground" data-testid="import-count">
          {status.done.toLocaleString('en-IN')} of {status.total.toLocaleString('en-IN')} rows
        </span>
      </div>
      <div
        role="progressbar"
        aria-label="Rows imported"
        aria-valuemin={0}
        aria-valuemax={status.total}
        aria-valuenow={status.done}
        className="h-3 w-full overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full rounded-full bg-primary transition-[width]" style={{ width: `${pct}%` }} />
      </div>
    </div>
  )
}
