// Pay-per-match billing in a real browser (issue 22), at 1280 px and at 390 px: a new buyer agent has two
// matches whose seller agents' contacts are locked. An admin leaves the agent one lead (a credit adjustment,
// to get there fast); the agent unlocks the first match's contact for that lead, runs out of credits on the
// second ("You have no credits left", with the link to Billing), buys a credit pack through the development
// server's fake Razorpay Checkout (the same script API and signatures as Razorpay's), gets the credits, and
// downloads the GST invoice of the payment. The server runs with billing on (the default).
import { execFileSync } from 'node:child_process'
import path from 'node:path'
import { apiJson, newAgent, registerThroughAPI } from '../lib/agents.mjs'
import { DESKTOP, MOBILE, shot } from '../lib/browser.mjs'
import { binaryPath } from '../lib/server.mjs'
import { expect, expectToast, overflowReport, test } from '../lib/journey.mjs'

test.describe.configure({ mode: 'serial' })

function propmatch(server, ...args) {
  return execFileSync(binaryPath(), args, {
    env: { ...process.env, DATABASE_URL: `sqlite:${path.join(server.dataDir, 'pm.db')}`, PROPMATCH_ENV: 'development' },
    encoding: 'utf8',
  })
}

// Each width gets its own price band, so its buyer matches only its own two listings on the shared server.
const listing = (title, locality, price) => ({
  title,
  propertyType: 'apartment',
  listingPurpose: 'for_sale',
  price,
  state: 'Karnataka',
  city: 'Bengaluru',
  locality,
  bedrooms: 3,
})

const requirement = (clientName, price) => ({
  clientName,
  clientPhone: '9123456780',
  propertyTypes: ['apartment'],
  listingPurpose: 'forSale',
  minPrice: price - 1000000,
  maxPrice: price + 1000000,
  preferredState: 'Karnataka',
  preferredCities: ['Bengaluru'],
  minBedrooms: 3,
})

/** The buyer's match cards on /matches (the buyer tab opens first). */
const matchCards = (page) => page.getByRole('tabpanel').getByTestId('match-card')

/** The whole journey at one width; `tag` names the screenshots and keeps the agents apart. */
async function billingJourney({ newContext, server, step }, viewport, tag) {
  const device = viewport === 'mobile' ? MOBILE : DESKTOP
  const price = viewport === 'mobile' ? 20000000 : 7000000
  const overflow = overflowReport()
  const admin = newAgent(`adm${tag}`, 'Asha Admin', 'both', '1')
  const sellers = [newAgent(`s1${tag}`, 'Sita Seller', 'seller', '2'), newAgent(`s2${tag}`, 'Suma Seller', 'seller', '3')]
  const buyer = newAgent(`b${tag}`, 'Balu Buyer', 'buyer', '4')
  const adminPage = await (await newContext()).newPage()
  const page = await (await newContext(device)).newPage()

  let buyerId
  await step(`${tag}-agents-and-matches`, async () => {
    await registerThroughAPI(adminPage, admin)
    expect(propmatch(server, 'users', 'set-role', admin.username, 'admin')).toContain('is now admin')
    for (const [i, seller] of sellers.entries()) {
      const sellerPage = await (await newContext()).newPage()
      await registerThroughAPI(sellerPage, seller)
      await apiJson(sellerPage, 'POST', '/api/properties', listing(`${i + 2} BHK flat ${tag} ${seller.fullName}`, i ? 'Indiranagar' : 'Whitefield', price))
    }
    buyerId = (await registerThroughAPI(page, buyer)).id
    await apiJson(page, 'POST', '/api/requirements', requirement(`Client of ${tag}`, price))
    // Matching runs in the background: both listings match the requirement.
    await expect
      .poll(async () => (await apiJson(page, 'GET', '/api/matches?type=buyer')).length, { timeout: 30_000 })
      .toBe(2)
    // A new agent starts with ₹25,000 (500 leads); the admin leaves one lead, with a reason for the audit log.
    const overview = await apiJson(page, 'GET', '/api/billing')
    expect(overview.credits).toMatchObject({ balancePaise: 2_500_000, leads: 500 })
    const after = await apiJson(adminPage, 'POST', `/api/admin/users/${buyerId}/credits`, {
      amountPaise: 5000 - overview.credits.balancePaise,
      reason: 'Billing journey: one lead left',
    })
    expect(after).toEqual({ balancePaise: 5000, leads: 1 })
  })

  await step(`${tag}-locked-contacts`, async () => {
    await page.goto('/matches')
    await expect(matchCards(page)).toHaveCount(2)
    const first = matchCards(page).first()
    await expect(first.getByTestId('unlock-contact')).toContainText("contact shows once you unlock a match with them or connect")
    await expect(first.getByRole('button', { name: 'Call' })).toBeDisabled()
    await expect(first.getByTestId('unlock-balance')).toHaveText('Balance ₹50 · 1 lead')
    if (viewport === 'desktop') await expect(page.getByTestId('low-credits')).toContainText('Only 1 lead left')
    await overflow.check(page, `${tag} matches locked`)
    await shot(page, `billing-${tag}-01-matches-locked`)
  })

  await step(`${tag}-unlock-with-the-last-lead`, async () => {
    const first = matchCards(page).first()
    await first.getByRole('button', { name: 'Unlock contact · 1 lead (₹50)' }).click()
    await expectToast(page, 'Contact unlocked', '1 lead charged. Balance ₹0 (0 leads).')
    // The match now shows the contact as before billing: Call and WhatsApp work.
    await expect(first.getByTestId('unlock-contact')).toBeHidden()
    await expect(first.getByRole('button', { name: 'Call' })).toBeEnabled()
    await expect(first.getByTestId('counterpart-agent')).toContainText('+91 98765')
    await shot(page, `billing-${tag}-02-unlocked`)
  })

  await step(`${tag}-no-credits-left`, async () => {
    const second = matchCards(page).nth(1)
    await second.getByRole('button', { name: 'Unlock contact · 1 lead (₹50)' }).click()
    const refusal = second.getByTestId('no-credits')
    await expect(refusal).toContainText('You have no credits left. Buy a credit pack to unlock this contact.')
    if (viewport === 'desktop') await expect(page.getByTestId('low-credits')).toContainText('No credits left')
    // The unlock's toast would cover the refusal in the screenshot.
    for (const toast of await page.getByTestId('toast').all()) await toast.getByRole('button').first().click()
    await expect(page.getByTestId('toast')).toHaveCount(0)
    await refusal.scrollIntoViewIfNeeded()
    await overflow.check(page, `${tag} no credits`)
    await shot(page, `billing-${tag}-03-no-credits`)
    await refusal.getByRole('link', { name: 'Buy credits' }).click()
    await expect(page).toHaveURL(/\/billing$/)
  })

  await step(`${tag}-buy-a-pack-through-checkout`, async () => {
    const credits = page.getByTestId('billing-credits')
    await expect(credits).toContainText('₹0')
    await expect(page.getByTestId('ledger-entry').first()).toContainText('Lead')
    await overflow.check(page, `${tag} billing page`)
    await shot(page, `billing-${tag}-04-billing-page`)
    const pack = page.getByTestId('billing-pack').first()
    const packName = (await pack.getByRole('button', { name: /^Buy / }).getAttribute('aria-label')) ?? ''
    expect(packName).toMatch(/^Buy .+ for ₹2,500$/)
    await pack.getByRole('button', { name: /^Buy / }).click()
    const checkout = page.getByRole('dialog', { name: 'Razorpay test checkout' })
    await expect(checkout).toBeVisible()
    await expect(checkout).toContainText('₹2,500')
    await shot(page, `billing-${tag}-05-checkout`, { fullPage: false })
    await checkout.getByRole('button', { name: 'Pay ₹2,500' }).click()
    await expectToast(page, 'Payment received', 'Your balance is ₹2,500 (50 leads).')
    await expect(credits).toContainText('₹2,500')
    await expect(credits).toContainText('50 leads')
    await expect(page.getByTestId('ledger-entry').first()).toContainText('Purchase')
  })

  await step(`${tag}-download-the-invoice`, async () => {
    const invoice = page.getByTestId('invoice').first()
    await expect(invoice).toContainText(/PM\/\d{2}-\d{2}\/\d{6}/)
    await expect(invoice).toContainText('₹2,500')
    await overflow.check(page, `${tag} billing page paid`)
    await shot(page, `billing-${tag}-06-paid-with-invoice`)
    const [download] = await Promise.all([page.waitForEvent('download'), invoice.getByRole('link', { name: /Download invoice/ }).click()])
    expect(download.suggestedFilename()).toMatch(/\.pdf$/)
    const file = await download.path()
    const { readFile } = await import('node:fs/promises')
    expect((await readFile(file)).subarray(0, 5).toString()).toBe('%PDF-')
  })

  await step(`${tag}-unlock-after-buying`, async () => {
    await page.goto('/matches')
    const second = matchCards(page).nth(1)
    await expect(second.getByTestId('unlock-balance')).toHaveText('Balance ₹2,500 · 50 leads')
    await second.getByRole('button', { name: 'Unlock contact · 1 lead (₹50)' }).click()
    await expectToast(page, 'Contact unlocked', 'Balance ₹2,450 (49 leads).')
    await expect(second.getByRole('button', { name: 'Call' })).toBeEnabled()
    await shot(page, `billing-${tag}-07-second-unlocked`)
  })
  overflow.summary()
}

test('billing journey (1280 px): unlock, run out, buy a pack through Checkout, download the invoice', async ({ newContext, server, step }) => {
  await billingJourney({ newContext, server, step }, 'desktop', 'desktop')
})

test('billing journey (390 px): the same on a phone', async ({ newContext, server, step }) => {
  await billingJourney({ newContext, server, step }, 'mobile', 'mobile')
})
