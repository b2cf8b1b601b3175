import type { components } from '@/lib/api-types'

type Backup = components['schemas']['Backup']
type BackupStatus = components['schemas']['BackupStatus']

export function makeBackup(overrides: Partial<Backup> = {}): Backup {
  return {
    id: 1,
    trigger: 'scheduled',
    state: 'success',
    fileName: 'propmatch-20261123-020000-1.zip',
    sizeBytes: 3_565_158,
    durationMs: 1_840,
    rowCount: 12_480,
    tables: { matches: 9_000, properties: 2_400, users: 80, jobs: 0 },
    error: '',
    queuedAt: '2026-11-23T02:00:00Z',
    startedAt: '2026-11-23T02:00:00Z',
    finishedAt: '2026-11-23T02:00:02Z',
    offsite: '',
    offsiteError: '',
    offsiteAt: null,
    ...overrides,
  }
}

export function makeStatus(overrides: Partial<BackupStatus> = {}): BackupStatus {
  const ok = makeBackup()
  const failed = makeBackup({
    id: 2,
    trigger: 'manual',
    state: 'failed',
    fileName: '',
    error: 'mkdir /srv/backups: permission denied',
    finishedAt: '2026-11-23T09:00:00Z',
  })
  return {
    lastSuccess: ok,
    last: failed,
    active: false,
    nextRun: '2026-11-24T02:00:00Z',
    history: [failed, ok],
    settings: {
      schedule: '0 2 * * *',
      keep: 7,
      keepManual: 3,
      manualEverySeconds: 600,
      dir: '/srv/backups',
      timeZone: 'Asia/Kolkata, IST UTC+05:30',
      offsite: null,
    },
    ...overrides,
  }
}
