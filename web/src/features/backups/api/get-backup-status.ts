import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api-client'
import type { components } from '@/lib/api-types'

export type Backup = components['schemas']['Backup']
export type BackupStatus = components['schemas']['BackupStatus']

/** How often the page asks again while a backup is queued or running. */
export const ACTIVE_REFETCH_MS = 2000

/** Query keys of backups: one family, the status page's answer. */
export const backupKeys = {
  status: () => ['/api/admin/backups'] as const,
}

/** GET /api/admin/backups: last backup, next run, history and settings (admins only). */
export const backupStatusQuery = () =>
  queryOptions({
    queryKey: backupKeys.status(),
    queryFn: ({ signal }) => unwrap(api.GET('/api/admin/backups', { signal })),
    // Live while a run is queued or running; otherwise the page refreshes on focus.
    refetchInterval: (query) => (query.state.data?.active ? ACTIVE_REFETCH_MS : false),
  })

export function useBackupStatus() {
  return useQuery(backupStatusQuery())
}

/** The file of a successful backup; a plain link downloads it with the session cookie. */
export const backupDownloadUrl = (id: number) => `/api/admin/backups/${id}/download`
