import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { BackupsPage } from '@/features/backups/routes/backups-page'
import { makeBackup, makeStatus } from '@/test/backup-fixtures'
import { expectToast, mockApi, renderWithProviders } from '@/test/utils'

afterEach(() => vi.unstubAllGlobals())

describe('BackupsPage', () => {
  it('shows the last backup, the failure with its error, the history and the settings', async () => {
    mockApi({ 'GET /api/admin/backups': { body: makeStatus() } })
    const user = userEvent.setup()
    renderWithProviders(<BackupsPage />)
    const last = await screen.findByTestId('last-backup')
    expect(within(last).getByText(/3\.4 MB · 1\.8 s · 12,480 rows/)).toBeInTheDocument()
    expect(screen.getByRole('alert')).toHaveTextContent('mkdir /srv/backups: permission denied')
    expect(screen.getByText('matches')).toBeInTheDocument()
    expect(screen.queryByText('jobs')).not.toBeInTheDocument() // empty tables are left out

    await user.click(screen.getByRole('tab', { name: 'Backup Files' }))
    const rows = await screen.findAllByTestId('backup-row')
    expect(rows).toHaveLength(2)
    expect(within(rows[0]).getByText('Failed')).toBeInTheDocument()
    expect(within(rows[0]).queryByRole('link', { name: /Download/ })).not.toBeInTheDocument()
    expect(within(rows[1]).getByRole('link', { name: /Download/ })).toHaveAttribute('href', '/api/admin/backups/1/download')

    await user.click(screen.getByRole('tab', { name: 'Settings' }))
    expect(await screen.findByText('Daily at 02:00 (server time: Asia/Kolkata, IST UTC+05:30)')).toBeInTheDocument()
    expect(screen.getByText('PROPMATCH_BACKUP_KEEP = 7')).toBeInTheDocument()
    expect(
      screen.getByText(/the last 3 manual backups, so they never replace scheduled ones\. One can start every 10 minutes/),
    ).toBeInTheDocument()
    expect(screen.getByText('/srv/backups')).toBeInTheDocument()
  })

  it("shows the off-site destination and each backup's off-site copy", async () => {
    const copied = makeBackup({ id: 5, offsite: 'copied', offsiteAt: '2026-11-23T02:01:00Z' })
    const retrying = makeBackup({ id: 6, offsite: 'pending', offsiteError: 'dial tcp 10.0.0.5:9000: connection refused' })
    const failed = makeBackup({ id: 7, offsite: 'failed', offsiteError: 'Access Denied.' })
    const offsite = {
      endpoint: 'https://s3.ap-south-1.amazonaws.com',
      bucket: 'pm-backups',
      region: 'ap-south-1',
      prefix: 'nightly/',
      pathStyle: false,
      destination: 's3://pm-backups/nightly/ at https://s3.ap-south-1.amazonaws.com',
    }
    const status = makeStatus({ history: [failed, retrying, copied] })
    mockApi({ 'GET /api/admin/backups': { body: { ...status, settings: { ...status.settings, offsite } } } })
    const user = userEvent.setup()
    renderWithProviders(<BackupsPage />)
    await user.click(await screen.findByRole('tab', { name: 'Backup Files' }))
    const rows = await screen.findAllByTestId('backup-row')
    expect(within(rows[0]).getByText(/Off-site copy failed: Access Denied\./)).toBeInTheDocument()
    expect(within(rows[1]).getByText(/will be retried: dial tcp 10\.0\.0\.5:9000: connection refused/)).toBeInTheDocument()
    expect(within(rows[2]).getByText(/Copied off-site/)).toBeInTheDocument()

    await user.click(screen.getByRole('tab', { name: 'Settings' }))
    expect(
      await screen.findByText(/copied to s3:\/\/pm-backups\/nightly\/ at https:\/\/s3\.ap-south-1\.amazonaws\.com \(region ap-south-1\)/),
    ).toBeInTheDocument()
  })

  it('says off-site copies are off when not configured', async () => {
    mockApi({ 'GET /api/admin/backups': { body: makeStatus() } })
    const user = userEvent.setup()
    renderWithProviders(<BackupsPage />)
    await user.click(await screen.findByRole('tab', { name: 'Settings' }))
    expect(await screen.findByText('Off: backups stay on this server only')).toBeInTheDocument()
  })

  it('starts a manual backup with the spec toast and shows it running', async () => {
    let active = false
    const queued = makeBackup({ id: 3, trigger: 'manual', state: 'queued', fileName: '', finishedAt: null, startedAt: null })
    const { calls } = mockApi({
      'GET /api/admin/backups': () => ({ body: active ? makeStatus({ active: true, history: [queued, makeBackup()] }) : makeStatus() }),
      'POST /api/manual-backup': () => {
        active = true
        return { status: 202, body: queued }
      },
    })
    const user = userEvent.setup()
    renderWithProviders(<BackupsPage />)
    await user.click(await screen.findByRole('button', { name: /Manual Backup/ }))
    await expectToast('Backup Started', 'Manual backup is running in the background')
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/manual-backup')).toBe(true)
    expect(await screen.findByText('Backup waiting to start')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: /Backup in progress/ })).toBeDisabled()
  })

  it('says Backup Failed when the server refuses', async () => {
    mockApi({
      'GET /api/admin/backups': { body: makeStatus() },
      'POST /api/manual-backup': { status: 403, body: { message: 'Only administrators can manage backups' } },
    })
    const user = userEvent.setup()
    renderWithProviders(<BackupsPage />)
    await user.click(await screen.findByRole('button', { name: /Manual Backup/ }))
    await expectToast('Backup Failed', 'Only administrators can manage backups')
  })

  it('says when the next manual backup can start', async () => {
    const message = 'A manual backup was started less than 10 minutes ago. Start another in 7 minutes'
    mockApi({
      'GET /api/admin/backups': { body: makeStatus() },
      'POST /api/manual-backup': { status: 429, body: { message }, headers: { 'Retry-After': '420' } },
    })
    const user = userEvent.setup()
    renderWithProviders(<BackupsPage />)
    await user.click(await screen.findByRole('button', { name: /Manual Backup/ }))
    await expectToast('Backup Failed', message)
  })

  it('deletes a backup after asking', async () => {
    const { calls } = mockApi({
      'GET /api/admin/backups': { body: makeStatus() },
      'DELETE /api/admin/backups/1': { body: { message: 'Backup 1 deleted' } },
    })
    const user = userEvent.setup()
    renderWithProviders(<BackupsPage />)
    await user.click(await screen.findByRole('tab', { name: 'Backup Files' }))
    const rows = await screen.findAllByTestId('backup-row')
    await user.click(within(rows[1]).getByRole('button', { name: /Delete/ }))
    await user.click(await screen.findByRole('button', { name: 'Delete' }))
    await expectToast('Backup deleted')
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/admin/backups/1')).toBe(true)
  })
})
