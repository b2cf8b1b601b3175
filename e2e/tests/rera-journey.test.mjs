// RERA verification (issue 27): an agent submits their MahaRERA registration with a PDF certificate on
// My Profile (a wrong number format is refused under the field first); an admin (made one with
// `propmatch users set-role`) opens Admin → RERA review, sees the number, the certificate and the
// state's search page, and approves; the agent's profile then shows "RERA verified · valid until …".
// Screenshots at 1280 px and 390 px.
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { newAgent, registerThroughAPI } from '../lib/agents.mjs'
import { DESKTOP, MOBILE, shot } from '../lib/browser.mjs'
import { binaryPath } from '../lib/server.mjs'
import { expect, expectToast, overflowReport, test } from '../lib/journey.mjs'

const admin = newAgent('radm', 'Asha Admin', 'both', '6')
const agent = newAgent('ragt', 'Ravi Kulkarni', 'seller', '7')

// A one-page certificate PDF (the server checks the header, the cross-reference and the end marker).
const PDF =
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n' +
  '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >> endobj\nxref\n0 4\n0000000000 65535 f \n' +
  'trailer << /Size 4 /Root 1 0 R >>\nstartxref\n9\n%%EOF\n'

function propmatch(server, ...args) {
  return execFileSync(binaryPath(), args, {
    env: { ...process.env, DATABASE_URL: `sqlite:${path.join(server.dataDir, 'pm.db')}`, PROPMATCH_ENV: 'development' },
    encoding: 'utf8',
  })
}

/** Three years from today, as the date input takes it. */
function validUntil() {
  const d = new Date()
  d.setFullYear(d.getFullYear() + 3)
  return d.toISOString().slice(0, 10)
}

function words(date) {
  const [y, m, d] = date.split('-')
  return `${Number(d)} ${['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][Number(m) - 1]} ${y}`
}

test('an agent submits RERA with a PDF, an admin approves it, and the agent sees the badge', async ({ newContext, server, step }) => {
  const until = validUntil()
  const certificate = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'rera-')), 'maharera-certificate.pdf')
  fs.writeFileSync(certificate, PDF)
  const page = await (await newContext(DESKTOP)).newPage()
  const adminPage = await (await newContext(DESKTOP)).newPage()
  const phone = await (await newContext(MOBILE)).newPage()
  const overflow = overflowReport()

  await step('setup', async () => {
    await registerThroughAPI(page, agent)
    await registerThroughAPI(adminPage, admin)
    expect(propmatch(server, 'users', 'set-role', admin.username, 'admin')).toContain('is now admin')
    const res = await phone.request.post('/api/login', { data: { username: agent.username, password: agent.password } })
    expect(res.status()).toBe(200)
  })

  await step('agent-submits', async () => {
    await page.goto('/profile')
    const card = page.getByTestId('rera-card')
    await expect(card.getByRole('heading', { name: 'RERA registration' })).toBeVisible()
    await card.getByLabel('Registration number').fill('P51700001835')
    await card.getByLabel('State authority').selectOption('Maharashtra')
    await card.getByLabel('Valid until').fill(until)
    await card.getByLabel('Certificate').setInputFiles(certificate)
    await card.getByRole('button', { name: 'Submit for verification' }).click()
    // The server knows MahaRERA's agent numbers: the message sits under the field.
    await expect(card.getByText('This is not a MahaRERA agent registration number: it looks like A51700001835')).toBeVisible()
    await shot(page, 'rera-format-refused-1280')
    await card.getByLabel('Registration number').fill('A51700001835')
    await card.getByRole('button', { name: 'Submit for verification' }).click()
    await expectToast(page, 'RERA registration submitted')
    await expect(card.getByTestId('rera-status')).toContainText('A51700001835 (Maharashtra) is waiting for an admin to check it.')
    await shot(page, 'rera-submitted-1280')
    await phone.goto('/profile')
    await expect(phone.getByTestId('rera-status')).toBeVisible()
    await overflow.check(phone, 'profile-pending-390')
    await shot(phone, 'rera-submitted-390')
  })

  await step('admin-approves', async () => {
    await adminPage.goto('/admin')
    await adminPage.getByRole('tab', { name: 'RERA review' }).click()
    const row = adminPage.getByTestId('rera-item').filter({ hasText: agent.fullName })
    await expect(row).toContainText('A51700001835')
    await expect(row).toContainText(words(until))
    await expect(row.getByRole('link', { name: 'Maharashtra RERA search' })).toHaveAttribute('href', 'https://maharera.maharashtra.gov.in/')
    // The certificate is the agent's own file, downloaded (never rendered) and to admins only.
    const href = await row.getByRole('link', { name: 'Certificate' }).getAttribute('href')
    const file = await adminPage.request.get(href)
    expect(file.status()).toBe(200)
    expect(file.headers()['content-disposition']).toMatch(/^attachment;/)
    expect(await file.text()).toBe(PDF)
    await shot(adminPage, 'rera-review-1280')
    await row.getByRole('button', { name: 'Approve' }).click()
    await expectToast(adminPage, 'Registration approved')
    await expect(adminPage.getByText('No RERA registrations are waiting for review.')).toBeVisible()
  })

  await step('agent-sees-the-badge', async () => {
    const badge = `RERA verified · valid until ${words(until)}`
    await page.reload()
    await expect(page.getByTestId('rera-badge')).toHaveText(badge)
    await expect(page.getByText(badge).first()).toBeVisible()
    await shot(page, 'rera-verified-1280')
    await phone.reload()
    await expect(phone.getByTestId('rera-badge')).toHaveText(badge)
    await overflow.check(phone, 'profile-verified-390')
    await shot(phone, 'rera-verified-390')
    const me = await (await page.request.get('/api/user')).json()
    expect(me.isReraVerified).toBe(true)
    expect(me.reraValidUntil).toBe(until)
  })

  await step('admin-review-on-a-phone', async () => {
    const adminPhone = await (await newContext(MOBILE)).newPage()
    const res = await adminPhone.request.post('/api/login', { data: { username: admin.username, password: admin.password } })
    expect(res.status()).toBe(200)
    await adminPhone.goto('/admin')
    await adminPhone.getByRole('tab', { name: 'RERA review' }).click()
    await adminPhone.getByLabel('Show').selectOption('approved')
    await expect(adminPhone.getByTestId('rera-item').filter({ hasText: agent.fullName })).toContainText('approved')
    await overflow.check(adminPhone, 'admin-rera-390')
    await shot(adminPhone, 'rera-review-390')
  })
  overflow.summary()
})
