// Duplicate listings across agents (issue 26): Kavitha Reddy and Suresh Menon list a flat in
// Whitefield with the same photo; Ravi Kumar lists the same flat through the form with the same
// photo file and, after saving, sees the notice "This looks like a listing by Kavitha Reddy
// (Whitefield, ₹1.25 Cr, same photo)" (saved either way). A buyer agent's marketplace shows the
// flat as one card, "Also listed by 2 agents", each agent reachable. An admin sees the cluster in
// the Duplicates tab and splits it for good (audited). Then at 390 px: a fourth agent lists the
// flat and sees the notice, the marketplace (API: no card at phone width) groups it, and the admin
// sees the new cluster.
import { execFileSync } from 'node:child_process'
import path from 'node:path'
import { apiJson, newAgent, registerThroughAPI } from '../lib/agents.mjs'
import { rgbPng } from '../lib/png.mjs'
import { MOBILE, shot } from '../lib/browser.mjs'
import { binaryPath } from '../lib/server.mjs'
import { expect, expectToast, overflowReport, test } from '../lib/journey.mjs'

test.describe.configure({ mode: 'serial' })
test.use({ serverEnv: { PROPMATCH_BILLING: 'off' } })

const admin = newAgent('dupadm', 'Asha Admin', 'both', '1')
const kavitha = newAgent('kavitha', 'Kavitha Reddy', 'seller', '2')
const suresh = newAgent('suresh', 'Suresh Menon', 'seller', '3')
const ravi = newAgent('ravi', 'Ravi Kumar', 'seller', '4')
const buyer = newAgent('buyer', 'Bharat Buyer', 'buyer', '5')
const latecomer = newAgent('late', 'Lata Iyer', 'seller', '6')

function propmatch(server, ...args) {
  return execFileSync(binaryPath(), args, {
    env: { ...process.env, DATABASE_URL: `sqlite:${path.join(server.dataDir, 'pm.db')}`, PROPMATCH_ENV: 'development' },
    encoding: 'utf8',
  })
}

/** The flat's photo: a street of three buildings with windows under a sky, 360×270. */
function flatPhoto() {
  const w = 360
  const h = 270
  const ground = 200
  const buildings = [
    [20, 60, 110, [150, 90, 70]],
    [140, 110, 80, [90, 110, 150]],
    [240, 30, 100, [200, 180, 120]],
  ]
  return rgbPng(w, h, (x, y) => {
    let c = y < ground ? [120 + (y * 100) / ground, 170 + (y * 50) / ground, 235] : [70, 120, 60]
    for (const [x0, top, bw, col] of buildings) {
      if (x >= x0 && x < x0 + bw && y >= top && y < ground) {
        const win = (x - x0) % 24 > 8 && (x - x0) % 24 < 18 && (y - top) % 30 > 8 && (y - top) % 30 < 22
        c = win ? [250, 235, 160] : col
      }
    }
    if ((x - 300) ** 2 + (y - 40) ** 2 < 400) c = [255, 210, 60]
    return c
  })
}

const PHOTO = flatPhoto()
const PHOTO_FILE = { name: 'whitefield-flat.png', mimeType: 'image/png', buffer: PHOTO }
const PHOTO_URL = `data:image/png;base64,${PHOTO.toString('base64')}`

/** The flat as an API body. */
const flat = (title, price) => ({
  title,
  propertyType: 'apartment',
  listingPurpose: 'for_sale',
  price,
  state: 'Karnataka',
  city: 'Bengaluru',
  locality: 'Whitefield',
  bedrooms: 3,
  sqft: 1650,
  isActive: true,
  images: [PHOTO_URL],
})

/** Lists the flat through the form with the photo file, and saves it. */
async function listThroughForm(page, title) {
  await page.goto('/properties')
  await page.getByRole('button', { name: 'Add Property' }).first().click()
  const dialog = page.getByTestId('property-form-dialog')
  await dialog.locator('#property-type-apartment').click()
  await dialog.locator('#property-listing-purpose').selectOption('for_sale')
  await dialog.locator('#property-title').fill(title)
  await dialog.locator('#property-price').fill('12700000')
  await dialog.locator('#property-state').selectOption('Karnataka')
  const city = dialog.locator('#property-city')
  await expect(city).toBeEnabled()
  await city.selectOption('Bengaluru')
  await dialog.locator('#property-locality').fill('Whitefield Main Road')
  await dialog.locator('#property-bedrooms').selectOption('3')
  await dialog.locator('#property-image').setInputFiles(PHOTO_FILE)
  await expect(dialog.getByRole('img', { name: 'Property image preview' })).toBeVisible()
  await dialog.getByTestId('property-submit').click()
  await expectToast(page, 'Property created successfully')
  await expect(dialog).toBeHidden()
}

test('duplicates journey (1280 px): the notice, one marketplace card, the admin splits the cluster', async ({ newContext, server, step }) => {
  const adminPage = await (await newContext()).newPage()
  const raviPage = await (await newContext()).newPage()
  const buyerPage = await (await newContext()).newPage()

  await step('two agents list the flat with the same photo', async () => {
    await registerThroughAPI(adminPage, admin)
    expect(propmatch(server, 'users', 'set-role', admin.username, 'admin')).toContain('is now admin')
    const kPage = await (await newContext()).newPage()
    await kPage.goto('/')
    await registerThroughAPI(kPage, kavitha)
    const first = await apiJson(kPage, 'POST', '/api/properties', flat('3 BHK in Whitefield, east facing', 12500000))
    expect(first.possibleDuplicates).toEqual([])
    const sPage = await (await newContext()).newPage()
    await registerThroughAPI(sPage, suresh)
    const second = await apiJson(sPage, 'POST', '/api/properties', flat('Whitefield 3BHK ready to move', 12400000))
    expect(second.possibleDuplicates.map((d) => d.agentName)).toEqual(['Kavitha Reddy'])
  })

  await step('a third agent lists it through the form and sees the notice', async () => {
    await registerThroughAPI(raviPage, ravi)
    await listThroughForm(raviPage, 'Spacious 3 BHK near ITPL')
    const notice = raviPage.getByTestId('duplicate-notice')
    await expect(notice).toContainText('Spacious 3 BHK near ITPL is saved.')
    await expect(notice).toContainText('This looks like a listing by Kavitha Reddy (Whitefield, ₹1.25 Cr, same photo)')
    await expect(notice).toContainText('This looks like a listing by Suresh Menon (Whitefield, ₹1.24 Cr, same photo)')
    await expect(notice.getByRole('link', { name: 'See it in the marketplace' })).toHaveAttribute('href', '/dashboard')
    await expect(raviPage.getByTestId('property-card').filter({ hasText: 'Spacious 3 BHK near ITPL' })).toBeVisible()
    await shot(raviPage, 'duplicates-desktop-01-notice')
  })

  await step('the marketplace shows the flat once, also listed by 2 agents', async () => {
    await registerThroughAPI(buyerPage, buyer)
    await buyerPage.goto('/dashboard')
    const list = buyerPage.getByTestId('marketplace-properties')
    await expect(list.getByTestId('property-card')).toHaveCount(1)
    const card = list.getByTestId('property-card')
    await expect(card).toContainText('Spacious 3 BHK near ITPL')
    const also = card.getByTestId('also-listed-by')
    await expect(also).toContainText('Also listed by 2 agents')
    await expect(also.getByRole('link', { name: 'Message Suresh Menon' })).toHaveAttribute('href', /\/messages\?with=\d+/)
    await expect(also.getByRole('link', { name: 'Message Kavitha Reddy' })).toHaveAttribute('href', /\/messages\?with=\d+/)
    await card.scrollIntoViewIfNeeded()
    await shot(buyerPage, 'duplicates-desktop-02-marketplace')
  })

  await step('the admin sees the cluster and splits it', async () => {
    await adminPage.goto('/admin')
    await adminPage.getByRole('tab', { name: 'Duplicates' }).click()
    const cluster = adminPage.getByTestId('duplicate-cluster')
    await expect(cluster).toHaveCount(1)
    await expect(cluster).toContainText('Listed by 3 agents')
    for (const name of ['Kavitha Reddy', 'Suresh Menon', 'Ravi Kumar']) await expect(cluster).toContainText(name)
    await expect(cluster).toContainText('same photo')
    await shot(adminPage, 'duplicates-desktop-03-admin-cluster')
    await cluster.getByRole('button', { name: 'Not a duplicate' }).click()
    await expectToast(adminPage, 'Marked as not a duplicate')
    await expect(adminPage.getByText('No likely duplicate listings.')).toBeVisible()
    const audit = await apiJson(adminPage, 'GET', '/api/admin/audit')
    expect(audit[0].action).toBe('duplicates.split')
    await shot(adminPage, 'duplicates-desktop-04-admin-split')
    // Split for good: the marketplace shows all three again.
    await buyerPage.reload()
    await expect(buyerPage.getByTestId('marketplace-properties').getByTestId('property-card')).toHaveCount(3)
  })
})

test('duplicates journey (390 px): notice, grouped card and cluster at phone width', async ({ newContext, step }) => {
  const overflow = overflowReport()
  const latePage = await (await newContext(MOBILE)).newPage()
  const buyerPage = await (await newContext(MOBILE)).newPage()
  const adminPage = await (await newContext(MOBILE)).newPage()

  await step('a fourth agent lists the flat and sees the notice', async () => {
    await latePage.goto('/')
    await registerThroughAPI(latePage, latecomer)
    await listThroughForm(latePage, 'Whitefield flat, 3 BHK')
    const notice = latePage.getByTestId('duplicate-notice')
    // The earlier three stay apart from each other, but each pairs with the new listing.
    await expect(notice.getByRole('listitem')).toHaveCount(3)
    await expect(notice).toContainText('Kavitha Reddy (Whitefield, ₹1.25 Cr, same photo)')
    await overflow.check(latePage, 'properties with the notice')
    await shot(latePage, 'duplicates-mobile-01-notice')
  })

  await step('the marketplace groups the new listing with the others', async () => {
    // At phone width the dashboard has no marketplace card (docs/product.md#dashboard): the API says it.
    await buyerPage.goto('/')
    await buyerPage.request.post('/api/login', { data: { username: buyer.username, password: buyer.password } })
    const market = await apiJson(buyerPage, 'GET', '/api/marketplace/properties')
    const card = market.find((p) => p.title === 'Whitefield flat, 3 BHK')
    expect(card.alsoListedBy.map((a) => a.agentName).sort()).toEqual(['Kavitha Reddy', 'Ravi Kumar', 'Suresh Menon'])
    expect(market).toHaveLength(1)
  })

  await step('the admin sees the new cluster', async () => {
    await adminPage.goto('/')
    await adminPage.request.post('/api/login', { data: { username: admin.username, password: admin.password } })
    await adminPage.goto('/admin')
    await adminPage.getByRole('tab', { name: 'Duplicates' }).click()
    await expect(adminPage.getByTestId('duplicate-cluster')).toContainText('Listed by 4 agents')
    await overflow.check(adminPage, 'admin duplicates')
    await shot(adminPage, 'duplicates-mobile-03-admin-cluster')
  })
  overflow.summary()
})
