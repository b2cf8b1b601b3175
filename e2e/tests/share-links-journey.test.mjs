// The share-links journey (issue 27, "Share with your client"): an agent ticks one of their own listings in
// My Properties and one from their matches, creates a link (Copy, Send on WhatsApp), a client opens it
// on a 390 px phone without an account, sees the sharing agent (never the listing agent) and taps
// "I'm interested"; the agent is told at once and sees the view and the interest on Share links, then
// revokes the link, which then answers "This link has expired". Screens at 1280 px and 390 px.
import { apiJson, newAgent, registerThroughAPI } from '../lib/agents.mjs'
import { MOBILE, shot } from '../lib/browser.mjs'
import { expect, expectToast, overflowReport, test } from '../lib/journey.mjs'

const sharer = newAgent('sh_a', 'Sunita Sharer', 'both', '3')
const lister = newAgent('sh_l', 'Lokesh Lister', 'seller', '4')

const base = {
  description: 'Corner flat with two balconies',
  propertyType: 'apartment',
  listingPurpose: 'for_sale',
  state: 'Karnataka',
  city: 'Bengaluru',
  pincode: '560038',
  bathrooms: 2,
  sqft: 1450,
}
const own = { ...base, title: 'Sunita 2BHK Koramangala', price: 9500000, locality: 'Koramangala', bedrooms: 2, address: '12 Own Street' }
const theirs = {
  ...base,
  title: 'Lokesh 3BHK Indiranagar',
  price: 15000000,
  locality: 'Indiranagar',
  bedrooms: 3,
  address: '7 Hidden Lane',
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

// A 1×1 PNG: the listings carry a photo, served on the page as its card copy.
const PHOTO = 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='

test.use({ serverEnv: { PROPMATCH_BILLING: 'off' } })

test('an agent shares an own and a matched listing; the client opens it on a phone and is interested; the agent sees it and revokes', async ({
  page,
  newContext,
  step,
}) => {
  const listerPage = await (await newContext()).newPage()
  const overflow = overflowReport()
  let url = ''

  await step('setup', async () => {
    await registerThroughAPI(page, sharer)
    await registerThroughAPI(listerPage, lister)
    await apiJson(page, 'POST', '/api/properties', { ...own, images: [PHOTO] })
    await apiJson(listerPage, 'POST', '/api/properties', { ...theirs, images: [PHOTO] })
    await apiJson(page, 'POST', '/api/requirements', requirement)
    await expect
      .poll(async () => (await apiJson(page, 'GET', '/api/matches?type=buyer')).length, {
        message: "the lister's listing matches the sharer's requirement",
      })
      .toBe(1)
  })

  await step('select-own-listing-and-a-match', async () => {
    // My Properties: the agent's own listing.
    await page.goto('/properties')
    await page.getByTestId('share-start').click()
    await expect(page.getByTestId('share-bar')).toContainText('Tick the listings to share')
    await page.getByRole('checkbox', { name: `Share ${own.title}` }).click()
    await expect(page.getByTestId('share-bar')).toContainText('1 selected')
    await shot(page, 'share-desktop-01-select-own')
    // Matches, as the buyer agent: the selection carries over, and the matched listing joins it.
    await page.getByRole('link', { name: 'Matches' }).first().click()
    await expect(page.getByTestId('share-bar')).toContainText('1 selected')
    await page.getByRole('checkbox', { name: `Share ${theirs.title}` }).click()
    await expect(page.getByTestId('share-bar')).toContainText('2 selected')
    await shot(page, 'share-desktop-02-select-match')
  })

  await step('create-link', async () => {
    await page.getByTestId('share-open').click()
    const dialog = page.getByTestId('share-dialog')
    await expect(dialog).toContainText('2 listings')
    await dialog.getByLabel('Link expires after (days)').fill('91')
    await dialog.getByTestId('share-create').click()
    await expect(dialog).toContainText('Enter a number of days from 1 to 90')
    await dialog.getByLabel('Link expires after (days)').fill('14')
    await dialog.getByLabel('Note to your client (optional)').fill('Two flats for you, as we discussed')
    await dialog.getByTestId('share-create').click()
    await expect(dialog.getByTestId('share-url')).toHaveValue(/\/s\/[A-Za-z0-9_-]{43}$/)
    await expect(dialog.getByTestId('share-whatsapp')).toHaveAttribute('href', /^https:\/\/wa\.me\/\?text=Two%20flats/)
    url = await dialog.getByTestId('share-url').inputValue()
    await shot(page, 'share-desktop-03-link-ready', { fullPage: false })
    await dialog.getByRole('button', { name: 'Done' }).click()
    await expect(page.getByTestId('share-start')).toBeVisible()
    const links = await apiJson(page, 'GET', '/api/share-links')
    expect(links[0].items.map((i) => [i.title, i.own])).toEqual([
      [own.title, true],
      [theirs.title, false],
    ])
  })

  await step('client-opens-on-a-phone', async () => {
    const phone = await newContext(MOBILE)
    const client = await phone.newPage()
    const res = await client.goto(url)
    expect(res?.status()).toBe(200)
    expect(res?.headers()['x-robots-tag']).toContain('noindex')
    await expect(client.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/)
    await expect(client.locator('meta[property="og:title"]')).toHaveAttribute('content', `${sharer.fullName} shared 2 properties with you`)
    await expect(client.locator('meta[property="og:image"]')).toHaveAttribute('content', /^http.*\/media\//)
    await expect(client.getByRole('heading', { name: sharer.fullName })).toBeVisible()
    await expect(client.locator('body')).toContainText('₹1.50 Cr')
    await expect(client.locator('body')).toContainText('₹95.00 L')
    await expect(client.locator('body')).toContainText('3 BHK Apartment for sale')
    await expect(client.locator('body')).toContainText('Indiranagar, Bengaluru')
    await expect(client.getByRole('link', { name: 'WhatsApp' })).toHaveAttribute(
      'href',
      new RegExp(`^https://wa\\.me/${sharer.phoneE164.slice(1)}`),
    )
    const text = await client.locator('body').innerText()
    for (const secret of [lister.fullName, lister.local.slice(-5), lister.email, theirs.address, own.address, theirs.title]) {
      expect(text, `the page must not show ${secret}`).not.toContain(secret)
    }
    await overflow.check(client, 'share page')
    await shot(client, 'share-mobile-01-client-page')

    const card = client.locator('article').filter({ hasText: '3 BHK Apartment for sale' })
    await card.getByRole('button', { name: "I'm interested" }).click()
    await expect(card.getByRole('status')).toContainText(`Thank you! ${sharer.fullName} knows you are interested`)
    await shot(client, 'share-mobile-02-interested', { fullPage: false })
  })

  await step('agent-sees-the-interest', async () => {
    await page.goto('/share-links')
    const link = page.getByTestId('share-link-list').locator('[data-testid^="share-link-"]').first()
    await expect(link.getByTestId('share-activity')).toContainText('1 view · 1 interested')
    await expect(link.getByTestId('share-interest')).toContainText('1 interested')
    await expect(link).toContainText('from your matches')
    await shot(page, 'share-desktop-04-share-links')
  })

  await step('agent-sees-it-on-a-phone-and-revokes', async () => {
    const mobile = await newContext(MOBILE)
    const agentPhone = await mobile.newPage()
    await agentPhone.context().addCookies(await page.context().cookies())
    await agentPhone.goto('/share-links')
    await expect(agentPhone.getByTestId('share-interest').first()).toBeVisible()
    await overflow.check(agentPhone, 'share links page')
    await shot(agentPhone, 'share-mobile-03-share-links')

    await page.getByTestId('share-revoke').first().click()
    await page.getByTestId('share-revoke-confirm').click()
    await expectToast(page, 'Link revoked')
    const client = await (await newContext(MOBILE)).newPage()
    const res = await client.goto(url)
    expect(res?.status()).toBe(410)
    await expect(client.getByRole('heading', { name: 'This link has expired' })).toBeVisible()
    await shot(client, 'share-mobile-04-expired', { fullPage: false })
    overflow.summary()
  })
})
