// The backup journey: an admin (made one with `propmatch users set-role`) opens
// the backup monitor from the spec's old /backup address, runs a manual backup,
// watches it finish, downloads it (a zip with its manifest), and reads the
// settings; an agent is told the page is for administrators. Screens at 1280 px
// and 390 px.
import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { newAgent, registerThroughAPI, signInThroughAPI } from '../lib/agents.mjs'
import { horizontalOverflow, MOBILE, shot } from '../lib/browser.mjs'
import { binaryPath } from '../lib/server.mjs'
import { atPath, expect, expectToast, test } from '../lib/journey.mjs'

const admin = newAgent('bk_admin', 'Asha Admin', 'both', '6')
const agent = newAgent('bk_agent', 'Vikram Agent', 'buyer', '7')

/** Runs `propmatch args...` against the journey server's database. */
function propmatch(server, ...args) {
  return execFileSync(binaryPath(), args, {
    env: { ...process.env, DATABASE_URL: `sqlite:${path.join(server.dataDir, 'pm.db')}`, PROPMATCH_ENV: 'development' },
    encoding: 'utf8',
  })
}

test('an admin runs a manual backup, sees it done and downloads it', async ({ newContext, server, step }) => {
  const page = await (await newContext({ acceptDownloads: true })).newPage()
  const agentPage = await (await newContext()).newPage()
  await step('register-and-make-admin', async () => {
    await registerThroughAPI(page, admin)
    await registerThroughAPI(agentPage, agent)
    expect(propmatch(server, 'users', 'set-role', admin.username, 'admin')).toContain('is now admin')
  })

  await step('agents-are-refused', async () => {
    await agentPage.goto('/backup-monitor')
    await expect(agentPage.getByText('Access Denied', { exact: true })).toBeVisible()
    const res = await agentPage.request.get('/api/admin/backups')
    expect(res.status()).toBe(403)
    await shot(agentPage, 'backup-desktop-01-agent-restricted', { fullPage: false })
  })

  await step('old-address-leads-to-the-monitor', async () => {
    await page.goto('/backup')
    await expect(page).toHaveURL(atPath('/backup-monitor'))
    await expect(page.getByRole('heading', { name: 'Backup Monitor' })).toBeVisible()
    await expect(page.getByTestId('last-backup')).toContainText('None yet')
    await expect(page.getByTestId('next-backup')).toContainText(/in \d+/)
  })

  await step('manual-backup-runs-and-finishes', async () => {
    await page.getByRole('button', { name: 'Manual Backup' }).click()
    await expectToast(page, 'Backup Started', 'Manual backup is running in the background')
    // The page asks again every few seconds while the run is queued or running.
    await expect(page.getByTestId('last-backup')).toContainText('rows', { timeout: 15_000 })
    await expect(page.getByTestId('current-backup')).toContainText('Idle')
    await expect(page.getByRole('button', { name: 'Manual Backup' })).toBeEnabled()
    await expect(page.getByText(/rows in \d+ tables; the largest/)).toBeVisible()
    await shot(page, 'backup-desktop-02-status-done')
  })

  await step('download-the-backup', async () => {
    await page.getByRole('tab', { name: 'Backup Files' }).click()
    const row = page.getByTestId('backup-row')
    await expect(row).toHaveCount(1)
    await expect(row).toContainText('Success')
    await expect(row).toContainText('Manual')
    await shot(page, 'backup-desktop-03-files')
    const [download] = await Promise.all([page.waitForEvent('download'), row.getByRole('link', { name: /Download/ }).click()])
    expect(download.suggestedFilename()).toMatch(/^propmatch-\d{8}-\d{6}-\d+-manual\.zip$/)
    const file = readFileSync(await download.path())
    expect(file.subarray(0, 4).toString('latin1'), 'a zip archive').toBe('PK\u0003\u0004')
    expect(file.includes(Buffer.from('manifest.json')), 'the archive holds manifest.json').toBe(true)
    expect(file.includes(Buffer.from('tables/users.jsonl')), 'the archive holds the users table').toBe(true)
  })

  await step('settings-from-configuration', async () => {
    await page.getByRole('tab', { name: 'Settings' }).click()
    await expect(page.getByText('PROPMATCH_BACKUP_SCHEDULE = 0 2 * * *')).toBeVisible()
    await expect(page.getByText('PROPMATCH_BACKUP_KEEP = 7')).toBeVisible()
    await expect(page.getByText('data/backups', { exact: true })).toBeVisible()
    await shot(page, 'backup-desktop-04-settings', { fullPage: false })
  })

  const phone = await (await newContext(MOBILE)).newPage()
  await signInThroughAPI(phone, admin)
  await step('mobile-backup-monitor', async () => {
    await phone.goto('/backup-new')
    await expect(phone).toHaveURL(atPath('/backup-monitor'))
    await expect(phone.getByTestId('last-backup')).toContainText('rows')
    expect(await horizontalOverflow(phone), 'no sideways scroll on the status').toBe(0)
    await shot(phone, 'backup-mobile-01-status')
    await phone.getByRole('tab', { name: 'Backup Files' }).click()
    await expect(phone.getByTestId('backup-row')).toHaveCount(1)
    expect(await horizontalOverflow(phone), 'no sideways scroll on the files').toBe(0)
    await shot(phone, 'backup-mobile-02-files')
    await phone.getByRole('tab', { name: 'Settings' }).click()
    expect(await horizontalOverflow(phone), 'no sideways scroll on the settings').toBe(0)
    await shot(phone, 'backup-mobile-03-settings')
  })

  await step('delete-the-backup', async () => {
    await page.getByRole('tab', { name: 'Backup Files' }).click()
    await page.getByTestId('backup-row').getByRole('button', { name: /Delete/ }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
    await expectToast(page, 'Backup deleted')
    await expect(page.getByText('No backups yet.')).toBeVisible()
  })
})
