import { AlertTriangle, CalendarClock, CheckCircle2, Loader2 } from 'lucide-react'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import type { BackupStatus } from '@/features/backups/api/get-backup-status'
import { BackupStateBadge } from '@/features/backups/components/backup-state-badge'
import { formatBytes, formatDuration, formatMoment, largestTables, relativeTo } from '@/features/backups/lib/backup-format'

/** The Status tab: the last backup, the run in progress and the next scheduled run. */
export function BackupStatusPanel({ status, now }: { status: BackupStatus; now: number }) {
  const { lastSuccess, last, nextRun } = status
  const current = status.history.find((b) => b.state === 'queued' || b.state === 'running')
  return (
    <div className="grid gap-4">
      {last?.state === 'failed' && (
        <div
          role="alert"
          className="flex items-start gap-3 rounded-lg border border-destructive/30 bg-destructive/10 p-4 text-sm text-destructive"
        >
          <AlertTriangle className="mt-0.5 size-5 shrink-0" aria-hidden />
          <div>
            <p className="font-semibold">The last backup failed ({formatMoment(last.finishedAt)})</p>
            <p className="break-words">{last.error}</p>
          </div>
        </div>
      )}
      <div className="grid gap-4 md:grid-cols-3">
        <Card data-testid="last-backup">
          <CardHeader>
            <CardDescription className="flex items-center gap-2">
              <CheckCircle2 className="size-4 text-success" aria-hidden /> Last backup
            </CardDescription>
            <CardTitle className="text-lg">
              {lastSuccess ? relativeTo(lastSuccess.finishedAt ?? lastSuccess.queuedAt, now) : 'None yet'}
            </CardTitle>
          </CardHeader>
          {lastSuccess && (
            <CardContent className="grid gap-1 text-sm text-subtle-foreground">
              <p>{formatMoment(lastSuccess.finishedAt)}</p>
              <p>
                {formatBytes(lastSuccess.sizeBytes)} · {formatDuration(lastSuccess.durationMs)} ·{' '}
                {lastSuccess.rowCount.toLocaleString('en-IN')} rows
              </p>
            </CardContent>
          )}
        </Card>
        <Card data-testid="current-backup">
          <CardHeader>
            <CardDescription className="flex items-center gap-2">
              <Loader2 className={current ? 'size-4 animate-spin text-primary' : 'size-4 text-muted-foreground'} aria-hidden /> Now
            </CardDescription>
            <CardTitle className="text-lg">
              {current ? (current.state === 'running' ? 'Backup running' : 'Backup waiting to start') : 'Idle'}
            </CardTitle>
          </CardHeader>
          <CardContent className="text-sm text-subtle-foreground">
            {current ? (
              <div className="flex items-center gap-2">
                <BackupStateBadge state={current.state} /> {current.trigger === 'manual' ? 'Manual' : 'Scheduled'}, queued{' '}
                {formatMoment(current.queuedAt)}
              </div>
            ) : (
              'No backup is running.'
            )}
          </CardContent>
        </Card>
        <Card data-testid="next-backup">
          <CardHeader>
            <CardDescription className="flex items-center gap-2">
              <CalendarClock className="size-4 text-primary" aria-hidden /> Next scheduled backup
            </CardDescription>
            <CardTitle className="text-lg">{relativeTo(nextRun, now)}</CardTitle>
          </CardHeader>
          <CardContent className="text-sm text-subtle-foreground">{formatMoment(nextRun)}</CardContent>
        </Card>
      </div>
      {lastSuccess && (
        <Card>
          <CardHeader>
            <CardTitle className="text-base">Rows in the last backup</CardTitle>
            <CardDescription>
              {lastSuccess.rowCount.toLocaleString('en-IN')} rows in {Object.keys(lastSuccess.tables).length} tables; the largest:
            </CardDescription>
          </CardHeader>
          <CardContent>
            <ul className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
              {largestTables(lastSuccess.tables, 8).map(([table, rows]) => (
                <li key={table} className="flex justify-between border-b border-border/60 py-1">
                  <span className="font-mono text-subtle-foreground">{table}</span>
                  <span className="text-foreground tabular-nums">{rows.toLocaleString('en-IN')}</span>
                </li>
              ))}
            </ul>
          </CardContent>
        </Card>
      )}
    </div>
  )
}
