// The settings journey (issue 12): an agent turns off Show Contact Details, and another agent then sees
// their match card and marketplace listing without a phone, with the reason and a connection request that
// goes through; notification switches survive a reload; dark mode darkens the whole signed-in app at 1280
// and 390 px and survives a reload; the help page shows the support contact an admin set. Screens at
// 1280 px and 390 px.
import { execFileSync } from 'node:child_process'
import path from 'node:path'
import { apiJson, newAgent, registerThroughAPI } from '../lib/agents.mjs'
import { horizontalOverflow, MOBILE, shot } from '../lib/browser.mjs'
import { binaryPath } from '../lib/server.mjs'
import { expect, expectToast, test } from '../lib/journey.mjs'

const seller = newAgent('set_s', 'Priya Private', 'seller', '6')
const buyer = newAgent('set_b', 'Bharat Buyer', 'buyer', '7')
const admin = newAgent('set_a', 'Asha Admin', 'both', '8')

const listing = {
  title: '3BHK in Indiranagar',
  description: 'Corner flat with two balconies',
  propertyType: 'apartment',
  listingPurpose: 'for_sale',
  price: 15000000,
  state: 'Karnataka',
  city: 'Bengaluru',
  locality: 'Indiranagar',
  pincode: '560038',
  bedrooms: 3,
  bathrooms: 3,
}
const requirement = {
  clientName: 'Kavya Menon',
  clientPhone: '9876509876',
  propertyTypes: ['apartment'],
  listingPurpose: 'forSale',
  minPrice: 14000000,
  maxPrice: 16000000,
  preferredState: 'Karnataka',
  preferredCities: ['Bengaluru'],
  preferredLocalities: 'Indiranagar',
  minBedrooms: 3,
  timeline: '1month',
}

function propmatch(server, ...args) {
  return execFileSync(binaryPath(), args, {
    env: { ...process.env, DATABASE_URL: `sqlite:${path.join(server.dataDir, 'pm.db')}`, PROPMATCH_ENV: 'development' },
    encoding: 'utf8',
  })
}

const isDark = (page) => page.evaluate(() => document.documentElement.classList.contains('dark'))

// This journey is about contacts before billing (calls, WhatsApp, privacy): billing's leads
// and unlocks have their own journey (billing.test.mjs).
test.use({ serverEnv: { PROPMATCH_BILLING: 'off' } })

test('an agent hides their contact, another sees why and asks to connect; dark mode and notifications persist; help shows support', async ({
  page,
  newContext,
  server,
  step,
}) => {
  const buyerPage = await (await newContext()).newPage()
  const reason = `${seller.fullName} shares contact details with connections only.`

  await step('setup', async () => {
    await registerThroughAPI(page, seller)
    await registerThroughAPI(buyerPage, buyer)
    await apiJson(page, 'POST', '/api/properties', listing)
    await apiJson(buyerPage, 'POST', '/api/requirements', requirement)
    // Matching runs in the background just after the write.
    await expect
      .poll(async () => (await apiJson(buyerPage, 'GET', '/api/matches?type=buyer')).length, {
        message: "the seller's listing matches the buyer's requirement",
      })
      .toBe(1)
    const [match] = await apiJson(buyerPage, 'GET', '/api/matches?type=buyer')
    expect(match.sellerAgent.phone).toBe(seller.phoneE164)
  })

  await step('seller-hides-contact', async () => {
    await page.goto('/settings')
    const contact = page.getByRole('switch', { name: 'Show Contact Details' })
    await expect(contact).toBeChecked()
    await contact.click()
    await expectToast(page, 'Settings saved')
    await expect(contact).not.toBeChecked()
    await shot(page, 'settings-desktop-01-privacy')
    const [match] = await apiJson(buyerPage, 'GET', '/api/matches?type=buyer')
    expect(match.sellerAgent).toMatchObject({ phone: '', email: null, contactHidden: true })
  })

  await step('buyer-sees-it-hidden-and-asks-to-connect', async () => {
    await buyerPage.goto('/matches')
    const card = buyerPage.getByTestId('match-card').first()
    await expect(card.getByTestId('contact-hidden')).toContainText(reason)
    await expect(card.getByRole('button', { name: 'Call' })).toBeDisabled()
    await expect(card.getByRole('button', { name: 'WhatsApp' })).toBeDisabled()
    await expect(card).not.toContainText(seller.local.slice(-5))
    await shot(buyerPage, 'settings-desktop-02-buyer-match-hidden')

    await buyerPage.goto('/dashboard')
    const market = buyerPage.getByTestId('marketplace-properties')
    const item = market.getByTestId('property-card').filter({ hasText: listing.title })
    await expect(item.getByTestId('contact-hidden')).toContainText(reason)
    await expect(item.getByRole('link', { name: /^Call/ })).toHaveCount(0)
    await shot(buyerPage, 'settings-desktop-03-buyer-marketplace-hidden', { fullPage: false })

    await item.getByRole('button', { name: 'Send connection request' }).click()
    const dialog = buyerPage.getByRole('dialog', { name: 'Send Connection Request' })
    await expect(dialog.getByLabel('Message')).toHaveValue(new RegExp(`^Hi ${seller.fullName},`))
    await dialog.getByRole('button', { name: 'Send Request' }).click()
    await expectToast(buyerPage, 'Connection request sent successfully')
    const sent = await apiJson(buyerPage, 'GET', '/api/connections?direction=sent')
    expect(sent.map((c) => c.receiverId)).toEqual([(await apiJson(page, 'GET', '/api/user')).id])
  })

  await step('connected-agents-see-the-contact', async () => {
    const [request] = await apiJson(page, 'GET', '/api/connections?direction=received')
    await apiJson(page, 'PUT', `/api/connections/${request.id}`, { status: 'accepted' })
    const [match] = await apiJson(buyerPage, 'GET', '/api/matches?type=buyer')
    expect(match.sellerAgent).toMatchObject({ phone: seller.phoneE164, contactHidden: false })
    await buyerPage.goto('/matches')
    const card = buyerPage.getByTestId('match-card').first()
    await expect(card.getByRole('button', { name: 'Call' })).toBeEnabled()
    await expect(card.getByTestId('contact-hidden')).toHaveCount(0)
  })

  await step('notifications-persist', async () => {
    await page.goto('/settings')
    await page.getByRole('switch', { name: 'New Matches' }).click()
    await expectToast(page, 'Settings saved')
    await page.getByTestId('channels-messages').getByRole('checkbox', { name: 'WhatsApp' }).click()
    await expect(page.getByTestId('channels-messages').getByRole('checkbox', { name: 'WhatsApp' })).toBeChecked()
    await expect.poll(async () => (await apiJson(page, 'GET', '/api/user/settings')).notifications.messages.whatsapp).toBe(true)
    await page.reload()
    await expect(page.getByRole('switch', { name: 'New Matches' })).not.toBeChecked()
    await expect(page.getByTestId('channels-matches').getByRole('checkbox', { name: 'Email' })).toBeDisabled()
    await expect(page.getByTestId('channels-messages').getByRole('checkbox', { name: 'WhatsApp' })).toBeChecked()
    await expect(page.getByRole('switch', { name: 'Show Contact Details' })).not.toBeChecked()
  })

  await step('dark-mode', async () => {
    expect(await isDark(page)).toBe(false)
    await page.getByLabel('Theme').selectOption('dark')
    await expectToast(page, 'Settings saved')
    expect(await isDark(page)).toBe(true)
    await shot(page, 'settings-desktop-04-dark')
    await page.reload()
    await expect(page.getByLabel('Theme')).toHaveValue('dark')
    expect(await isDark(page), 'dark survives a reload').toBe(true)
    for (const [url, name] of [
      ['/dashboard', 'dashboard'],
      ['/matches', 'matches'],
      ['/agents', 'agents'],
      ['/messages', 'messages'],
    ]) {
      await page.goto(url)
      await expect(page.locator('main').getByRole('heading').first()).toBeVisible()
      expect(await isDark(page)).toBe(true)
      await shot(page, `settings-desktop-05-dark-${name}`, { fullPage: false })
    }
    await page.goto('/matches')
    await page.getByRole('tab', { name: /As Seller Agent/ }).click()
    await page.getByTestId('match-card').first().getByRole('button', { name: 'Details' }).click()
    await expect(page.getByRole('dialog')).toBeVisible()
    await shot(page, 'settings-desktop-06-dark-dialog', { fullPage: false })
  })

  await step('dark-mode-on-a-phone', async () => {
    const phone = await (await newContext(MOBILE)).newPage()
    await phone.request.post('/api/login', { data: { username: seller.username, password: seller.password } })
    await phone.goto('/settings')
    await expect(phone.getByLabel('Theme')).toHaveValue('dark')
    expect(await isDark(phone), 'the choice follows the agent to another device').toBe(true)
    expect(await horizontalOverflow(phone), 'no sideways scroll on Settings').toBe(0)
    await shot(phone, 'settings-mobile-01-dark')
    await phone.goto('/dashboard')
    await expect(phone.locator('main').getByRole('heading').first()).toBeVisible()
    await shot(phone, 'settings-mobile-02-dark-dashboard', { fullPage: false })
    await phone.goto('/matches')
    await phone.getByRole('tab', { name: /As Seller Agent/ }).click()
    await expect(phone.getByTestId('match-card').first()).toBeVisible()
    await shot(phone, 'settings-mobile-03-dark-matches', { fullPage: false })
    // Signing out leaves the sign-in page light.
    await phone.goto('/settings')
    await phone.getByTestId('settings-sign-out').getByRole('button', { name: 'Sign Out' }).click()
    await phone.waitForURL(/\/auth/)
    expect(await isDark(phone), 'the sign-in page stays light').toBe(false)
  })

  await step('buyer-phone-sees-hidden-contact', async () => {
    await apiJson(page, 'PUT', '/api/user/settings', { preferences: { theme: 'light' } })
    const stranger = newAgent('set_c', 'Chitra Stranger', 'buyer', '9')
    const phone = await (await newContext(MOBILE)).newPage()
    await registerThroughAPI(phone, stranger)
    await apiJson(phone, 'POST', '/api/requirements', requirement)
    await expect.poll(async () => (await apiJson(phone, 'GET', '/api/matches?type=buyer')).length).toBe(1)
    await phone.goto('/matches')
    const card = phone.getByTestId('match-card').first()
    await expect(card.getByTestId('contact-hidden')).toContainText(reason)
    expect(await horizontalOverflow(phone), 'no sideways scroll on Matches').toBe(0)
    await shot(phone, 'settings-mobile-04-match-hidden')
  })

  await step('help-page-shows-support', async () => {
    const adminPage = await (await newContext()).newPage()
    await registerThroughAPI(adminPage, admin)
    expect(propmatch(server, 'users', 'set-role', admin.username, 'admin')).toContain('is now admin')
    await apiJson(adminPage, 'PUT', '/api/admin/site', { contact: { phone: '+919845012345', email: 'support@propmatch.example' } })
    // The admin console in dark mode too.
    await apiJson(adminPage, 'PUT', '/api/user/settings', { preferences: { theme: 'dark' } })
    await adminPage.goto('/admin')
    await expect(adminPage.getByTestId('admin-overview')).toBeVisible()
    expect(await isDark(adminPage)).toBe(true)
    await shot(adminPage, 'settings-desktop-07-dark-admin', { fullPage: false })
    const adminPhone = await (await newContext(MOBILE)).newPage()
    await adminPhone.request.post('/api/login', { data: { username: admin.username, password: admin.password } })
    await adminPhone.goto('/admin')
    await expect(adminPhone.getByTestId('admin-overview')).toBeVisible()
    await shot(adminPhone, 'settings-mobile-05-dark-admin', { fullPage: false })

    await page.goto('/settings')
    await page.getByRole('link', { name: 'Contact Support' }).click()
    await expect(page).toHaveURL(/\/help#contact$/)
    const contact = page.getByTestId('support-contact')
    await expect(contact.getByRole('link', { name: /98450 12345/ })).toHaveAttribute('href', 'tel:+919845012345')
    await expect(contact.getByRole('link', { name: 'support@propmatch.example' })).toBeVisible()
    const { version } = await apiJson(page, 'GET', '/api/version')
    await expect(page.getByTestId('help-version')).toHaveText(`PropMatch version ${version}`)
    await shot(page, 'help-desktop-01')

    const visitor = await (await newContext(MOBILE)).newPage()
    await visitor.goto('/help')
    await expect(visitor.getByTestId('support-contact')).toContainText('support@propmatch.example')
    expect(await horizontalOverflow(visitor), 'no sideways scroll on Help').toBe(0)
    await shot(visitor, 'help-mobile-01')
  })
})
