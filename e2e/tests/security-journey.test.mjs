// The security journey: a burst of failed sign-ins and a scanner's probes from
// one address (sent through a proxy the server trusts in this file, so they
// carry their own address) fill the dashboard's cards, events and suspicious
// addresses; an admin blocks the address from its row (their own loopback
// address is refused), the address gets 403 everywhere, the admin lifts the
// block and it is served again; an agent is told the page is for
// administrators and is recorded trying the API. Screens at 1280 px and 390 px.
import { execFileSync } from 'node:child_process'
import path from 'node:path'
import { newAgent, registerThroughAPI, signInThroughAPI } from '../lib/agents.mjs'
import { horizontalOverflow, MOBILE, shot } from '../lib/browser.mjs'
import { binaryPath } from '../lib/server.mjs'
import { expect, expectToast, test } from '../lib/journey.mjs'

// The server trusts X-Forwarded-For here: the browser's own requests carry none
// and come from 127.0.0.1; the attacker's carry 198.51.100.66.
test.use({ serverEnv: { PROPMATCH_TRUST_PROXY: 'true' } })

const admin = newAgent('sec_admin', 'Asha Admin', 'both', '6')
const agent = newAgent('sec_agent', 'Vikram Agent', 'buyer', '7')
const ATTACKER = '198.51.100.66'
const fromAttacker = { 'X-Forwarded-For': ATTACKER }

function propmatch(server, ...args) {
  return execFileSync(binaryPath(), args, {
    env: {
      ...process.env,
      DATABASE_URL: `sqlite:${path.join(server.dataDir, 'pm.db')}`,
      PROPMATCH_ENV: 'development',
    },
    encoding: 'utf8',
  })
}

/** The number a card shows. */
async function card(page, key) {
  const text = await page.getByTestId(`card-${key}`).locator('p.text-2xl').innerText()
  return Number(text.replace(/,/g, ''))
}

test('failed sign-ins fill the dashboard; an admin blocks the address and lifts the block', async ({ newContext, server, step }) => {
  const page = await (await newContext()).newPage()
  const agentPage = await (await newContext()).newPage()
  await step('register-and-make-admin', async () => {
    await registerThroughAPI(page, admin)
    await registerThroughAPI(agentPage, agent)
    expect(propmatch(server, 'users', 'set-role', admin.username, 'admin')).toContain('is now admin')
  })

  await step('agents-are-refused-and-recorded', async () => {
    await agentPage.goto('/security')
    await expect(agentPage.getByText('Access Denied', { exact: true })).toBeVisible()
    expect((await agentPage.request.get('/api/security/events')).status()).toBe(403)
  })

  await step('empty-dashboard', async () => {
    await page.goto('/security')
    await expect(page.getByRole('heading', { name: 'Security Dashboard' })).toBeVisible()
    await expect(page.getByTestId('security-event').first()).toBeVisible()
    expect(await card(page, 'authFailuresToday')).toBe(0)
    await shot(page, 'security-desktop-01-before', { fullPage: false })
  })

  await step('burst-of-failed-sign-ins-and-probes', async () => {
    const req = agentPage.request
    for (let i = 0; i < 8; i++) {
      const res = await req.post('/api/login', {
        data: { username: agent.username, password: `wrong-${i}` },
        headers: fromAttacker,
      })
      expect([401, 429]).toContain(res.status())
    }
    // Probes get the web app's page (its own 404 screen), as any unknown path does.
    expect((await req.get('/.env', { headers: fromAttacker })).status()).toBeLessThan(500)
    expect((await req.get('/wp-admin/install.php', { headers: fromAttacker })).status()).toBeLessThan(500)
    expect((await req.get(`/api/properties?search=${encodeURIComponent("' OR 1=1 --")}`, { headers: fromAttacker })).status()).not.toBe(500)
    // An ordinary search is no event.
    expect((await req.get(`/api/properties?search=${encodeURIComponent('select flat')}`)).status()).toBe(200)
  })

  await step('dashboard-fills-up', async () => {
    // Events are written within a second, off the request path; the page refreshes every 30 s, and a
    // reload shows the new figures now.
    await expect
      .poll(
        async () => {
          await page.reload()
          await expect(page.getByTestId('card-authFailuresToday')).toBeVisible()
          // The burst may reach the database in more than one batch: wait for all of it.
          const auth = await card(page, 'authFailuresToday')
          const suspicious = await card(page, 'suspiciousRequestsToday') // 3 probes and the agent on the API
          return auth >= 5 && suspicious >= 4
        },
        { timeout: 10_000 },
      )
      .toBe(true)
    expect(await card(page, 'suspiciousIpCount')).toBeGreaterThanOrEqual(1)
    // The three probes from one address in one minute are one row with a count (issue 21, S2): the
    // first probe's path and ×3.
    await expect(page.getByTestId('security-events')).toContainText('scanner probe: /.env')
    await expect(page.getByTestId('event-count').first()).toBeVisible()
    await expect(page.getByTestId('security-events')).toContainText('Failed sign-in')
    await expect(page.getByTestId('security-events')).toContainText(ATTACKER)
    await shot(page, 'security-desktop-02-events')
    await page.getByLabel('Event type').selectOption('suspicious_request')
    // The three probes are one row per minute with a count, so the filtered list holds only them.
    await expect(page.getByTestId('security-event').first()).toContainText('Scanner-like request')
    await expect(page.getByTestId('security-events')).not.toContainText('Failed sign-in')
    await shot(page, 'security-desktop-03-filtered', { fullPage: false })
  })

  await step('block-the-address', async () => {
    await page.getByRole('tab', { name: 'Suspicious IPs' }).click()
    const row = page.getByTestId('suspicious-ip').filter({ hasText: ATTACKER })
    await expect(row).toContainText('auth failures')
    // The admin's own address (loopback here) is refused with a field error.
    await page.getByRole('button', { name: 'Block IP' }).click()
    await page.getByLabel('IP address or CIDR range').fill('127.0.0.0/8')
    await page.getByRole('dialog').getByRole('button', { name: 'Block' }).click()
    await expect(page.getByRole('dialog')).toContainText('Loopback addresses cannot be blocked')
    await shot(page, 'security-desktop-04-refused', { fullPage: false })
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click()

    await row.getByRole('button', { name: `Block ${ATTACKER}` }).click()
    await expect(page.getByLabel('IP address or CIDR range')).toHaveValue(ATTACKER)
    await page.getByLabel('Block for').selectOption('1 hour')
    await page.getByLabel('Reason (optional)').fill('password guessing')
    await page.getByRole('dialog').getByRole('button', { name: 'Block' }).click()
    await expectToast(page, 'Address blocked', `${ATTACKER}/32 is blocked`)
    await expect(row).toContainText('Blocked')
    await expect(page.getByTestId('ip-block').first()).toContainText('password guessing')
    await shot(page, 'security-desktop-05-blocked')
  })

  await step('blocked-address-gets-403-everywhere', async () => {
    for (const url of ['/api/user', '/healthz', '/dashboard', '/api/login']) {
      const res = await agentPage.request.get(url, { headers: fromAttacker })
      expect(res.status(), url).toBe(403)
    }
    // Others, the admin among them, are served.
    expect((await agentPage.request.get('/api/user')).status()).toBe(200)
    expect((await page.request.get('/api/security/blocks')).status()).toBe(200)
  })

  const phone = await (await newContext(MOBILE)).newPage()
  await signInThroughAPI(phone, admin)
  await step('mobile-dashboard', async () => {
    await phone.goto('/security')
    await expect(phone.getByTestId('security-event').first()).toBeVisible()
    expect(await horizontalOverflow(phone), 'no sideways scroll on the events').toBe(0)
    await shot(phone, 'security-mobile-01-events')
    await phone.getByRole('tab', { name: 'Suspicious IPs' }).click()
    await expect(phone.getByTestId('ip-block').first()).toBeVisible()
    expect(await horizontalOverflow(phone), 'no sideways scroll on the addresses').toBe(0)
    await shot(phone, 'security-mobile-02-ips')
    await phone.getByRole('tab', { name: 'Protection Status' }).click()
    await expect(phone.getByTestId('protection')).toContainText('propmatch_session')
    expect(await horizontalOverflow(phone), 'no sideways scroll on the protection status').toBe(0)
    await shot(phone, 'security-mobile-03-protection')
  })

  await step('lift-the-block', async () => {
    await page.getByRole('button', { name: `Lift block on ${ATTACKER}/32` }).click()
    await expectToast(page, 'Block lifted')
    await expect(page.getByTestId('ip-block').first()).toContainText('Lifted')
    expect((await agentPage.request.get('/healthz', { headers: fromAttacker })).status()).toBe(200)
    await page.getByRole('tab', { name: 'Recent Events' }).click()
    await page.getByLabel('Event type').selectOption('admin_action')
    await expect(page.getByTestId('security-event')).toHaveCount(3) // the role change, the block, the lift
    await page.getByRole('tab', { name: 'Protection Status' }).click()
    await expect(page.getByTestId('protection')).toContainText('X-Frame-Options')
    await shot(page, 'security-desktop-06-protection')
  })
})
