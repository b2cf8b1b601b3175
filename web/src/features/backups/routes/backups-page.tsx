import * as React from 'react'
import { DatabaseBackup } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs'
import { useApiMutation } from '@/lib/api-mutation'
import { useBackupStatus } from '@/features/backups/api/get-backup-status'
import { startManualBackup } from '@/features/backups/api/start-backup'
import { BackupHistory } from '@/features/backups/components/backup-history'
import { BackupSettingsPanel } from '@/features/backups/components/backup-settings'
import { BackupStatusPanel } from '@/features/backups/components/backup-status'

/** /backup-monitor (admins only; /backup and /backup-new lead here): the server's backups, live. */
export function BackupsPage() {
  React.useEffect(() => {
    document.title = 'Backup Monitor · PropMatch'
  }, [])
  const { data, isPending, isError, error, dataUpdatedAt } = useBackupStatus()
  const start = useApiMutation(startManualBackup, {
    successToast: { variant: 'success', title: 'Backup Started', description: 'Manual backup is running in the background' },
    errorToast: 'Backup Failed',
  })
  const busy = start.isPending || data?.active === true
  return (
    <div className="mx-auto grid max-w-5xl gap-6 p-4 md:p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-foreground">Backup Monitor</h1>
          <p className="text-sm text-subtle-foreground">Scheduled and manual backups of the whole database, kept on the server.</p>
        </div>
        <Button onClick={() => start.mutate()} disabled={busy}>
          {busy ? <Spinner className="size-4" /> : <DatabaseBackup aria-hidden />} {data?.active ? 'Backup in progress' : 'Manual Backup'}
        </Button>
      </div>
      {isPending ? (
        <div className="flex justify-center p-10">
          <Spinner />
        </div>
      ) : isError ? (
        <p className="text-destructive">Could not load the backups: {error.message}</p>
      ) : (
        <Tabs defaultValue="status">
          <TabsList>
            <TabsTrigger value="status">Status</TabsTrigger>
            <TabsTrigger value="files">Backup Files</TabsTrigger>
            <TabsTrigger value="settings">Settings</TabsTrigger>
          </TabsList>
          <TabsContent value="status">
            <BackupStatusPanel status={data} now={dataUpdatedAt} />
          </TabsContent>
          <TabsContent value="files">
            <BackupHistory history={data.history} />
          </TabsContent>
          <TabsContent value="settings">
            <BackupSettingsPanel settings={data.settings} />
          </TabsContent>
        </Tabs>
      )}
    </div>
  )
}
