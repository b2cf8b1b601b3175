// Co-broking agreements (issue 27): on one match, the listing agent A proposes a 60/40 split, the buyer's
// agent B counters with 50/50, A accepts (the terms lock with their SHA-256), both move the deal through
// site visit and offer, A confirms the close at a final price and B confirms it; then anyone opens the
// public check page, which shows the agreement exists and is unaltered and no amount; A's Performance
// Analytics count the closed deal and its value. Then B flags a dispute (through the API) and an admin
// (made one with `propmatch users set-role`) resolves it in Admin → Disputes with a note. At 1280 px
// and 390 px, each with its own pair of agents and admin. Billing is off: contacting is billing's own
// journey.
import { execFileSync } from 'node:child_process'
import path from 'node:path'
import { apiJson, newAgent, registerThroughAPI } from '../lib/agents.mjs'
import { MOBILE, shot, shotTall } from '../lib/browser.mjs'
import { binaryPath } from '../lib/server.mjs'
import { expect, expectToast, overflowReport, test } from '../lib/journey.mjs'

test.describe.configure({ mode: 'serial' })
test.use({ serverEnv: { PROPMATCH_BILLING: 'off' } })

// Each viewport's pair deals in its own city, so that the two runs' listings and requirements do not match across.
const listing = (title, city) => ({
  title,
  propertyType: 'apartment',
  listingPurpose: 'for_sale',
  price: 7000000,
  state: 'Karnataka',
  city,
  locality: 'Whitefield',
  bedrooms: 3,
})

const requirement = (city) => ({
  clientName: 'Kiran Rao',
  clientPhone: '9123456780',
  propertyTypes: ['apartment'],
  listingPurpose: 'forSale',
  minPrice: 6000000,
  maxPrice: 8000000,
  preferredState: 'Karnataka',
  preferredCities: [city],
  preferredLocalities: 'Whitefield',
  minBedrooms: 3,
})

function propmatch(server, ...args) {
  return execFileSync(binaryPath(), args, {
    env: { ...process.env, DATABASE_URL: `sqlite:${path.join(server.dataDir, 'pm.db')}`, PROPMATCH_ENV: 'development' },
    encoding: 'utf8',
  })
}

/** Opens the match's details on the Matches page's tab and returns the dialog's agreement panel. */
async function openAgreement(page, tab) {
  await page.goto(`/matches?tab=${tab}`)
  await page.getByTestId('match-card').first().getByRole('button', { name: 'Details' }).click()
  const dialog = page.getByRole('dialog')
  await expect(dialog).toBeVisible()
  const panel = dialog.getByTestId('agreement-panel')
  await expect(panel).toBeVisible()
  return { dialog, panel }
}

async function fillSplit(panel, listingPercent, buyerPercent) {
  await panel.getByLabel('Listing side %').fill(listingPercent)
  await panel.getByLabel('Buyer side %').fill(buyerPercent)
}

async function journey({ newContext, server, step }, name, options) {
  const report = overflowReport()
  const A = newAgent(`agr_${name[0]}a`, `Anand ${name === 'desktop' ? 'Lister' : 'Mobilist'}`, 'seller', name === 'desktop' ? '2' : '4')
  const B = newAgent(`agr_${name[0]}b`, `Bhavna ${name === 'desktop' ? 'Buyer' : 'Phonebuyer'}`, 'buyer', name === 'desktop' ? '3' : '5')
  const pageA = await (await newContext(options)).newPage()
  const pageB = await (await newContext(options)).newPage()
  await registerThroughAPI(pageA, A)
  await registerThroughAPI(pageB, B)
  const city = name === 'desktop' ? 'Bengaluru' : 'Mysuru'
  await apiJson(pageA, 'POST', '/api/properties', listing(`3 BHK in Whitefield (${name})`, city))
  await apiJson(pageB, 'POST', '/api/requirements', requirement(city))
  await expect
    .poll(async () => (await apiJson(pageB, 'GET', '/api/matches?type=buyer')).length, { timeout: 30_000, message: 'the match is found' })
    .toBe(1)

  await step(`${name}: A proposes 60/40`, async () => {
    const { dialog, panel } = await openAgreement(pageA, 'seller')
    await fillSplit(panel, '60', '40')
    await panel.getByLabel('Note (optional)').fill('Site visits by the buyer side.\nPayment at registration.')
    await panel.getByRole('button', { name: 'Propose terms' }).click()
    await expectToast(pageA, 'Proposal sent')
    await expect(panel.getByText('Waiting for the other agent to answer.')).toBeVisible()
    await report.check(pageA, `${name} proposal`)
    await shotTall(pageA, `agreements-${name}-01-proposed`, dialog)
  })

  await step(`${name}: B counters with 50/50`, async () => {
    const { dialog, panel } = await openAgreement(pageB, 'buyer')
    await expect(panel.getByTestId('open-terms')).toHaveText('Listing side 60% · buyer side 40% of the total brokerage')
    await panel.getByRole('button', { name: 'Counter' }).click()
    await fillSplit(panel, '50', '50')
    await panel.getByRole('button', { name: 'Send counter-proposal' }).click()
    await expectToast(pageB, 'Counter-proposal sent')
    await expect(panel.getByTestId('agreement-history')).toContainText('Superseded')
    await shotTall(pageB, `agreements-${name}-02-countered`, dialog)
  })

  let verifyPath
  await step(`${name}: A accepts; the terms lock with their hash`, async () => {
    const { dialog, panel } = await openAgreement(pageA, 'seller')
    await expect(panel.getByTestId('open-terms')).toHaveText('Listing side 50% · buyer side 50% of the total brokerage')
    await panel.getByRole('button', { name: 'Accept' }).click()
    await expectToast(pageA, 'Agreement accepted')
    await expect(panel.getByTestId('locked-terms')).toHaveText('Listing side 50% · buyer side 50% of the total brokerage')
    await expect(panel.getByTestId('agreement-hash')).toHaveText(/^[0-9a-f]{64}$/)
    verifyPath = await panel.getByTestId('agreement-check-link').getAttribute('href')
    expect(verifyPath).toMatch(/^\/agreements\/PMA-\d{4}-[2-9A-HJ-NP-Z]{12}$/)
    const pdf = await pageA.request.get(await panel.getByRole('link', { name: /Download agreement/ }).getAttribute('href'))
    expect(pdf.headers()['content-type']).toBe('application/pdf')
    await report.check(pageA, `${name} locked`)
    await shotTall(pageA, `agreements-${name}-03-accepted`, dialog)
  })

  await step(`${name}: site visit, offer, and A confirms the close`, async () => {
    const panel = pageA.getByTestId('agreement-panel')
    await panel.getByRole('button', { name: 'Site visit' }).click()
    await expectToast(pageA, 'Moved to site visit')
    await panel.getByRole('button', { name: 'Offer', exact: true }).click()
    await expectToast(pageA, 'Moved to offer')
    await panel.getByLabel('Final price (₹)').fill('6950000')
    await panel.getByRole('button', { name: 'Confirm close' }).click()
    await expectToast(pageA, 'Close confirmed')
    await expect(panel.getByTestId('close-hint')).toContainText('You confirmed ₹69,50,000; waiting for the other agent')
  })

  await step(`${name}: B confirms; the deal is closed`, async () => {
    const { dialog, panel } = await openAgreement(pageB, 'buyer')
    await expect(panel.getByTestId('close-hint')).toContainText('The other agent confirmed closing at ₹69,50,000')
    await panel.getByRole('button', { name: 'Confirm close' }).click()
    await expect(panel.getByTestId('deal-closed')).toHaveText('Closed by both sides at ₹69,50,000')
    await expect(panel.getByTestId('deal-stepper').locator('[aria-current="step"]')).toHaveText('Closed')
    await report.check(pageB, `${name} closed`)
    await shotTall(pageB, `agreements-${name}-04-closed`, dialog)
  })

  await step(`${name}: the public check page`, async () => {
    const visitor = await (await newContext(options)).newPage()
    const res = await visitor.goto(verifyPath)
    expect(res.status()).toBe(200)
    await expect(visitor.locator('#status')).toHaveText('✓ This agreement exists and is unaltered.')
    await expect(visitor.locator('main')).toContainText(A.fullName)
    await expect(visitor.locator('main')).toContainText(B.fullName)
    const text = await visitor.locator('body').innerText()
    expect(text).not.toMatch(/₹|%|Whitefield|Kiran/)
    await report.check(visitor, `${name} check page`)
    await shot(visitor, `agreements-${name}-05-public-check`)
  })

  await step(`${name}: A's Performance Analytics count the closed deal`, async () => {
    await pageA.goto('/analytics')
    const card = pageA.getByTestId('card-deals')
    await expect(card.getByTestId('deals-agreed').getByTestId('deals-total')).toHaveText('1')
    await expect(card.getByTestId('deals-closed').getByTestId('deals-total')).toHaveText('1')
    await expect(card.getByTestId('deals-value').getByTestId('deals-total')).toHaveText('₹69.50 L')
    await expect(card.getByTestId('deals-value').getByTestId('deals-window')).toHaveText('₹69.50 L')
    await report.check(pageA, `${name} analytics`)
    await shot(pageA, `agreements-${name}-06-analytics-deals`)
  })

  await step(`${name}: B flags a dispute; an admin resolves it in Admin → Disputes`, async () => {
    const number = verifyPath.split('/').pop()
    const [match] = await apiJson(pageB, 'GET', '/api/matches?type=buyer')
    const agreement = (await apiJson(pageB, 'GET', `/api/matches/${match.id}/agreements`)).find((a) => a.number === number)
    await apiJson(pageB, 'POST', `/api/agreements/${agreement.id}/dispute`, { note: 'The agreed share was not paid at registration' })

    const admin = newAgent(`agr_${name[0]}adm`, `Asha ${name === 'desktop' ? 'Admin' : 'Phoneadmin'}`, 'both', name === 'desktop' ? '6' : '7')
    const adminPage = await (await newContext(options)).newPage()
    await registerThroughAPI(adminPage, admin)
    expect(propmatch(server, 'users', 'set-role', admin.username, 'admin')).toContain('is now admin')
    await adminPage.goto('/admin')
    await adminPage.getByRole('tab', { name: 'Disputes' }).click()
    const row = adminPage.getByTestId('dispute-item').filter({ hasText: number })
    await expect(row).toBeVisible()
    await expect(row).toContainText(A.fullName)
    await expect(row).toContainText(B.fullName)
    await expect(row).toContainText(`3 BHK in Whitefield (${name})`)
    await expect(row).toContainText('The agreed share was not paid at registration')
    await expect(row).toContainText(`Flagged by ${B.fullName}`)
    await report.check(adminPage, `${name} disputes`)
    await shot(adminPage, `agreements-${name}-07-dispute-open`)

    await row.getByRole('button', { name: 'Resolve' }).click()
    const dialog = adminPage.getByRole('dialog')
    await dialog.getByRole('button', { name: 'Resolve' }).click()
    await expect(dialog.getByText('Say how the dispute was resolved')).toBeVisible()
    await dialog.getByLabel('Resolution note').fill('Both agents confirmed the share was paid on 25 Nov.')
    await dialog.getByRole('button', { name: 'Resolve' }).click()
    await expectToast(adminPage, 'Dispute resolved')
    await expect(row).toBeHidden()
    await adminPage.getByLabel('Show').selectOption('resolved')
    await expect(row).toContainText('Both agents confirmed the share was paid on 25 Nov.')
    await expect(row.getByRole('button', { name: 'Resolve' })).toHaveCount(0)
    await report.check(adminPage, `${name} disputes resolved`)
    await shot(adminPage, `agreements-${name}-08-dispute-resolved`)
  })
  report.summary()
}

test('agreements journey at 1280 px', async ({ newContext, server, step }) => {
  await journey({ newContext, server, step }, 'desktop', { viewport: { width: 1280, height: 900 } })
})

test('agreements journey at 390 px', async ({ newContext, server, step }) => {
  await journey({ newContext, server, step }, 'mobile', MOBILE)
})
