import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import type { BackupStatus } from '@/features/backups/api/get-backup-status'
import { describeSchedule, formatInterval } from '@/features/backups/lib/backup-format'

/** The Settings tab: the configuration in force, read from the server. */
export function BackupSettingsPanel({ settings }: { settings: BackupStatus['settings'] }) {
  const rows: [string, string, string][] = [
    [
      'Schedule',
      `${describeSchedule(settings.schedule)} (server time: ${settings.timeZone})`,
      `PROPMATCH_BACKUP_SCHEDULE = ${settings.schedule}`,
    ],
    [
      'Retention',
      `The last ${settings.keep} successful scheduled backups are kept; older files are deleted`,
      `PROPMATCH_BACKUP_KEEP = ${settings.keep}`,
    ],
    [
      'Manual backups',
      `Kept apart: the last ${settings.keepManual} manual backups, so they never replace scheduled ones. One can start every ${formatInterval(settings.manualEverySeconds)}`,
      `PROPMATCH_BACKUP_KEEP_MANUAL = ${settings.keepManual}, PROPMATCH_BACKUP_MANUAL_INTERVAL`,
    ],
    ['Destination', settings.dir, 'PROPMATCH_BACKUP_DIR, on the server'],
    settings.offsite
      ? [
          'Off-site copy',
          `Each successful backup is copied to ${settings.offsite.destination}${settings.offsite.region ? ` (region ${settings.offsite.region})` : ''}; the bucket keeps as many of each kind too`,
          `PROPMATCH_BACKUP_S3_ENDPOINT, _BUCKET, _PREFIX${settings.offsite.pathStyle ? ', _PATH_STYLE = true' : ''}`,
        ]
      : [
          'Off-site copy',
          'Off: backups stay on this server only',
          'Set PROPMATCH_BACKUP_S3_* to copy each backup to S3-compatible storage',
        ],
  ]
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">Backup settings</CardTitle>
        <CardDescription>Set in the server's configuration; change them there and restart.</CardDescription>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-4">
          {rows.map(([label, value, source]) => (
            <div key={label} className="grid gap-1 sm:grid-cols-[10rem_1fr]">
              <dt className="text-sm font-medium text-muted-foreground">{label}</dt>
              <dd className="min-w-0">
                <p className="break-words text-foreground">{value}</p>
                <p className="font-mono text-xs break-words text-muted-foreground">{source}</p>
              </dd>
            </div>
          ))}
          <div className="grid gap-1 sm:grid-cols-[10rem_1fr]">
            <dt className="text-sm font-medium text-muted-foreground">Contents</dt>
            <dd className="text-sm text-subtle-foreground">
              One zip file: every table's rows and the stored images, with a checksummed manifest signed with the server secret. Restore it
              into an empty database of either engine with <code className="font-mono">propmatch restore FILE</code>, with the same secret.
            </dd>
          </div>
        </dl>
      </CardContent>
    </Card>
  )
}
