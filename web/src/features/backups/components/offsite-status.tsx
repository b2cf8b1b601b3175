import { CloudOff, CloudUpload, Cloud } from 'lucide-react'
import type { Backup } from '@/features/backups/api/get-backup-status'
import { formatMoment } from '@/features/backups/lib/backup-format'

/** A successful backup's off-site copy: copied (when), being copied or retried (with the last error), or failed. */
export function OffsiteStatus({ backup }: { backup: Backup }) {
  switch (backup.offsite) {
    case 'copied':
      return (
        <p className="flex items-center gap-1.5 text-sm text-success">
          <Cloud aria-hidden className="size-4 shrink-0" /> Copied off-site{backup.offsiteAt ? ` ${formatMoment(backup.offsiteAt)}` : ''}
        </p>
      )
    case 'pending':
      return (
        <p className="flex items-center gap-1.5 text-sm break-words text-warning">
          <CloudUpload aria-hidden className="size-4 shrink-0" />
          {backup.offsiteError ? `Off-site copy will be retried: ${backup.offsiteError}` : 'Copying off-site…'}
        </p>
      )
    case 'failed':
      return (
        <p className="flex items-center gap-1.5 text-sm break-words text-destructive">
          <CloudOff aria-hidden className="size-4 shrink-0" /> Off-site copy failed: {backup.offsiteError}
        </p>
      )
    default:
      return null
  }
}
