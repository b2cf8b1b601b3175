import { api, unwrap } from '@/lib/api-client'
import { apiMutation } from '@/lib/api-mutation'
import { backupKeys } from '@/features/backups/api/get-backup-status'

/** DELETE /api/admin/backups/{id}: removes a finished backup and its file. */
export const deleteBackup = apiMutation({
  mutationFn: (id: number) => unwrap(api.DELETE('/api/admin/backups/{id}', { params: { path: { id } } })),
  invalidates: backupKeys.status(),
})
