// The admin console (issue 12): an admin (made one with `propmatch users set-role`, which the
// audit log records as the command line) sees the overview's counted figures, finds an agent,
// promotes them, edits their information (a taken username is refused under the field), and
// deactivates them. The deactivated agent's open session ends and they cannot sign in, with a
// clear message. The audit tab shows every action. Screenshots at 1280 px and 390 px.
import { execFileSync } from 'node:child_process'
import path from 'node:path'
import { newAgent, registerThroughAPI } from '../lib/agents.mjs'
import { horizontalOverflow, MOBILE, shot } from '../lib/browser.mjs'
import { binaryPath } from '../lib/server.mjs'
import { expect, expectToast, test } from '../lib/journey.mjs'

const admin = newAgent('adm', 'Asha Admin', 'both', '4')
const agent = newAgent('agt', 'Bala Subramanian', 'seller', '5')

function propmatch(server, ...args) {
  return execFileSync(binaryPath(), args, {
    env: { ...process.env, DATABASE_URL: `sqlite:${path.join(server.dataDir, 'pm.db')}`, PROPMATCH_ENV: 'development' },
    encoding: 'utf8',
  })
}

test('an admin promotes, edits and deactivates an agent, and the audit log shows it', async ({ newContext, server, step }) => {
  const page = await (await newContext()).newPage()
  const agentPage = await (await newContext()).newPage()
  await step('register-and-make-admin', async () => {
    await registerThroughAPI(page, admin)
    await registerThroughAPI(agentPage, agent)
    expect(propmatch(server, 'users', 'set-role', admin.username, 'admin')).toContain('is now admin')
  })

  await step('an-agent-sees-access-denied', async () => {
    await agentPage.goto('/admin')
    await expect(agentPage.getByText('Access Denied', { exact: true })).toBeVisible()
    expect((await agentPage.request.get('/api/admin/stats')).status()).toBe(403)
  })

  await step('overview-shows-counted-figures', async () => {
    await page.goto('/admin')
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible()
    const stats = await (await page.request.get('/api/admin/stats')).json()
    const overview = page.getByTestId('admin-overview')
    const users = overview.locator('div').filter({ hasText: /^Total Users/ }).first()
    await expect(users).toContainText(String(stats.totalUsers))
    expect(stats.totalUsers).toBe(2)
    await shot(page, 'admin-overview-1280')
  })

  await step('admin-finds-and-promotes-the-agent', async () => {
    await page.getByRole('tab', { name: 'Users' }).click()
    await page.getByRole('searchbox').fill(agent.username)
    const row = page.getByTestId(`admin-user-${agent.username}`)
    await expect(row).toBeVisible()
    await expect(page.getByTestId(`admin-user-${admin.username}`)).toBeHidden()
    await row.getByLabel(`Role of ${agent.fullName}`).selectOption('admin')
    await expectToast(page, 'Role updated')
    await expect(row.getByTestId('role-badge')).toHaveText('admin')
  })

  await step('admin-edits-the-agent', async () => {
    const row = page.getByTestId(`admin-user-${agent.username}`)
    await row.getByRole('button', { name: `Edit ${agent.fullName}` }).click()
    const dialog = page.getByRole('dialog', { name: 'Edit User Information' })
    await dialog.getByLabel('Username').fill(admin.username)
    await dialog.getByRole('button', { name: 'Save Changes' }).click()
    await expectToast(page, 'Could not save the user')
    await expect(dialog.getByLabel('Username')).toHaveAttribute('aria-invalid', 'true')
    await expect(dialog).toContainText('Username is already taken')
    await shot(page, 'admin-edit-user-1280', { fullPage: false })
    await dialog.getByLabel('Username').fill(agent.username)
    await dialog.getByLabel('Full Name').fill('Bala S. Subramanian')
    await dialog.getByLabel('Role').selectOption('agent')
    await dialog.getByRole('button', { name: 'Save Changes' }).click()
    await expectToast(page, 'User information updated')
    await expect(dialog).toBeHidden()
    await expect(page.getByTestId(`admin-user-${agent.username}`)).toContainText('Bala S. Subramanian')
  })

  await step('admin-deactivates-the-agent', async () => {
    const row = page.getByTestId(`admin-user-${agent.username}`)
    await expect(row).toContainText(/\+91 \d{5} \d{5}/) // the phone, formatted
    await row.getByRole('button', { name: 'Deactivate' }).click()
    // Issue 25: it asks first, naming what it does.
    const confirm = page.getByRole('dialog', { name: /^Deactivate / })
    await expect(confirm).toContainText('signs')
    await expect(confirm).toContainText('out on every device')
    await expect(confirm).toContainText('off the marketplace')
    await shot(page, 'admin-deactivate-confirm-1280', { fullPage: false })
    await confirm.getByRole('button', { name: 'Deactivate' }).click()
    await expectToast(page, 'User deactivated')
    await expect(row.getByText('deactivated', { exact: true })).toBeVisible()
    await expect(row.getByTestId('role-badge')).toHaveText('user')
    await shot(page, 'admin-users-1280')
  })

  await step('the-deactivated-agent-is-signed-out-and-cannot-sign-in', async () => {
    expect((await agentPage.request.get('/api/user')).status()).toBe(401)
    await agentPage.goto('/auth')
    await agentPage.getByLabel('Username', { exact: true }).fill(agent.username)
    await agentPage.getByLabel('Password', { exact: true }).fill(agent.password)
    await agentPage.getByRole('button', { name: 'Sign In' }).last().click()
    await expect(agentPage.getByText(/deactivated by an administrator/).first()).toBeVisible()
    await shot(agentPage, 'admin-deactivated-sign-in-1280', { fullPage: false })
  })

  await step('audit-tab-shows-the-actions', async () => {
    await page.getByRole('tab', { name: 'Audit log' }).click()
    const log = page.getByTestId('admin-audit')
    await expect(log.getByRole('listitem').filter({ hasText: 'Deactivated user' })).toHaveCount(1)
    await expect(log).toContainText('Edited user')
    await expect(log).toContainText('fullName: Bala Subramanian → Bala S. Subramanian')
    await expect(log).toContainText(`by ${admin.username}`)
    await expect(log).toContainText('by the command line')
    await shot(page, 'admin-audit-1280')
  })

  await step('admin-console-at-390', async () => {
    const phone = await (await newContext(MOBILE)).newPage()
    await phone.request.post('/api/login', { data: { username: admin.username, password: admin.password } })
    await phone.goto('/admin')
    await expect(phone.getByTestId('admin-overview')).toBeVisible()
    expect(await horizontalOverflow(phone)).toBe(0)
    await shot(phone, 'admin-overview-390')
    await phone.getByRole('tab', { name: 'Users' }).click()
    await expect(phone.getByTestId(`admin-user-${agent.username}`)).toBeVisible()
    expect(await horizontalOverflow(phone)).toBe(0)
    await shot(phone, 'admin-users-390')
    await phone.getByRole('tab', { name: 'Audit log' }).click()
    await expect(phone.getByTestId('admin-audit')).toBeVisible()
    await shot(phone, 'admin-audit-390')
  })
})
