import { api, unwrap } from '@/lib/api-client'
import { apiMutation } from '@/lib/api-mutation'
import { backupKeys } from '@/features/backups/api/get-backup-status'

/** POST /api/manual-backup: queues a manual backup (202). */
export const startManualBackup = apiMutation({
  mutationFn: () => unwrap(api.POST('/api/manual-backup')),
  invalidates: backupKeys.status(),
})
