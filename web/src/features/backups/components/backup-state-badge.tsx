import { Badge } from '@/components/ui/badge'
import type { Backup } from '@/features/backups/api/get-backup-status'

const labels: Record<Backup['state'], string> = { queued: 'Waiting', running: 'Running', success: 'Success', failed: 'Failed' }
const variants = { queued: 'secondary', running: 'default', success: 'success', failed: 'destructive' } as const

/** A backup's state as a coloured badge. */
export function BackupStateBadge({ state }: { state: Backup['state'] }) {
  return <Badge variant={variants[state]}>{labels[state]}</Badge>
}
