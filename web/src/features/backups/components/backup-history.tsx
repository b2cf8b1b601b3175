import * as React from 'react'
import { Download, Trash2 } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Card, CardContent } from '@/components/ui/card'
import { useApiMutation } from '@/lib/api-mutation'
import { deleteBackup } from '@/features/backups/api/delete-backup'
import { backupDownloadUrl, type Backup } from '@/features/backups/api/get-backup-status'
import { BackupStateBadge } from '@/features/backups/components/backup-state-badge'
import { DeleteBackupDialog } from '@/features/backups/components/delete-backup-dialog'
import { OffsiteStatus } from '@/features/backups/components/offsite-status'
import { formatBytes, formatDuration, formatMoment } from '@/features/backups/lib/backup-format'

/** The Backup Files tab: every run, newest first, failures with their errors; download or delete each. */
export function BackupHistory({ history }: { history: Backup[] }) {
  const [deleting, setDeleting] = React.useState<Backup | null>(null)
  const remove = useApiMutation(deleteBackup, { successToast: 'Backup deleted', errorToast: 'Could not delete the backup' })
  if (history.length === 0) {
    return <p className="rounded-lg border border-dashed border-input p-8 text-center text-subtle-foreground">No backups yet.</p>
  }
  return (
    <>
      <ul className="grid gap-3" aria-label="Backups">
        {history.map((b) => (
          <li key={b.id}>
            <Card data-testid="backup-row">
              <CardContent className="flex flex-wrap items-center justify-between gap-3 p-4">
                <div className="grid min-w-0 gap-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <BackupStateBadge state={b.state} />
                    <span className="text-sm font-medium text-foreground">{formatMoment(b.finishedAt ?? b.startedAt ?? b.queuedAt)}</span>
                    <span className="text-xs text-muted-foreground">{b.trigger === 'manual' ? 'Manual' : 'Scheduled'}</span>
                  </div>
                  {b.state === 'success' && (
                    <p className="text-sm break-words text-subtle-foreground">
                      {b.fileName} · {formatBytes(b.sizeBytes)} · {formatDuration(b.durationMs)} · {b.rowCount.toLocaleString('en-IN')} rows
                    </p>
                  )}
                  {b.state === 'success' && <OffsiteStatus backup={b} />}
                  {b.state === 'failed' && <p className="text-sm break-words text-destructive">{b.error}</p>}
                </div>
                {(b.state === 'success' || b.state === 'failed') && (
                  <div className="flex gap-2">
                    {b.state === 'success' && (
                      <Button asChild variant="outline" size="sm">
                        <a href={backupDownloadUrl(b.id)} download={b.fileName}>
                          <Download aria-hidden /> Download
                        </a>
                      </Button>
                    )}
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-label={`Delete backup of ${formatMoment(b.finishedAt)}`}
                      onClick={() => setDeleting(b)}
                    >
                      <Trash2 aria-hidden /> Delete
                    </Button>
                  </div>
                )}
              </CardContent>
            </Card>
          </li>
        ))}
      </ul>
      <DeleteBackupDialog
        fileName={deleting ? deleting.fileName : null}
        onCancel={() => setDeleting(null)}
        onDelete={() => {
          if (deleting) remove.mutate(deleting.id)
          setDeleting(null)
        }}
      />
    </>
  )
}
