// The marketplace journey of PropMatch in a real browser, with two agents in two
// browser contexts: seller agent A lists an apartment with a picture, buyer agent B
// posts a client requirement that fits it, both see the 100% match (A sees the
// client as first name and last initial), B works the lead (viewed, interested,
// notes) on B's side only, the Call and WhatsApp links point at the other agent,
// B shares the client's name with A, and moving listings out of the budget band
// removes only the matches still `new` on both sides. Then every marketplace page
// again at phone width.
import assert from 'node:assert/strict'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { after, before, test } from 'node:test'
import { cspViolations, desktopContext, launchBrowser, mobileContext, openedUrls, recordWindowOpen, shot, shotTall, step } from '../lib/browser.mjs'
import { eventually, expectText, expectToast, expectVisible } from '../lib/expect.mjs'
import { writeGradientPng } from '../lib/png.mjs'
import { startServer } from '../lib/server.mjs'
import { apiJson, horizontalOverflow, newAgent, registerThroughAPI, signInThroughAPI, watchErrors } from '../lib/agents.mjs'

let server
let browser
let tmpDir
let imageFile

before(async () => {
  server = await startServer()
  browser = await launchBrowser()
  tmpDir = mkdtempSync(path.join(os.tmpdir(), 'propmatch-e2e-img-'))
  imageFile = writeGradientPng(path.join(tmpDir, 'whitefield.png'), 40, 30)
})

after(async () => {
  await browser?.close()
  await server?.stop()
  if (tmpDir) rmSync(tmpDir, { recursive: true, force: true })
  assert.deepEqual(cspViolations(), [], 'the pages broke the Content-Security-Policy')
})

const agentA = newAgent('seller', 'Asha Seller', 'seller', '6')
const agentB = newAgent('buyer', 'Bharat Buyer', 'buyer', '7')

const LISTING_1 = '3 BHK Apartment in Whitefield'
const LISTING_2 = 'Whitefield 3 BHK, Phase 2'
const CLIENT = 'Kiran Rao'
/** How other agents see the client until B shares the name (product rules, Privacy). */
const CLIENT_SHORT = 'Kiran R.'
const NOTES = 'Client loved the east-facing balcony; wants a second visit with family on Sunday morning.'
const BREAKDOWN = [
  ['Property type', '30/30'],
  ['City', '25/25'],
  ['Price range', '15/15'],
  ['Bedrooms', '10/10'],
  ['Locality', '20/20'],
  ['Total', '100/100'],
]

/**
 * What makes an open dialog (else the page) too wide: the innermost elements whose
 * min-content width exceeds the dialog's content box (text that cannot wrap, fixed
 * columns), with that width. Layout is measured by briefly setting width:min-content.
 */
async function overflowCulprits(page) {
  return page.evaluate(() => {
    const root = document.querySelector('[role=dialog]') ?? document.body
    const cs = getComputedStyle(root)
    const box = root.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight)
    const minContent = (el) => {
      const prev = el.style.width
      el.style.width = 'min-content'
      const w = el.getBoundingClientRect().width
      el.style.width = prev
      return w
    }
    const wide = [...root.querySelectorAll('*')].filter((el) => !(el instanceof SVGElement) && !getComputedStyle(el).display.startsWith('table-') && minContent(el) > box + 1)
    return wide
      .filter((el) => !wide.some((other) => other !== el && el.contains(other)))
      .slice(0, 6)
      .map((el) => ({
        tag: el.tagName.toLowerCase(),
        class: (el.getAttribute('class') ?? '').split(/\s+/).slice(0, 6).join(' '),
        text: (el.textContent ?? '').trim().slice(0, 50),
        minContent: Math.round(minContent(el)),
        box: Math.round(box),
      }))
  })
}

async function closeToasts(page) {
  const toasts = page.getByTestId('toast')
  for (let i = await toasts.count(); i > 0; i--) {
    // Under a modal dialog the toast region is aria-hidden and outside the pointer area,
    // so its close button (the toast's last button) is found by CSS and clicked by event.
    await toasts.first().locator('button').last().dispatchEvent('click', {}, { timeout: 2_000 }).catch(() => {})
  }
  await eventually(async () => (await toasts.count()) === 0, 'the toasts are gone')
}

/** Closes the open dialog with its corner X (Escape would first dismiss an open toast). */
async function closeDialog(page) {
  const dialog = page.getByRole('dialog').first()
  await dialog.getByRole('button', { name: 'Close', exact: true }).last().click()
  await dialog.waitFor({ state: 'hidden' })
}

/** Match cards of the open /matches tab. */
const matchCards = (page) => page.getByRole('tabpanel').getByTestId('match-card')

/** The breakdown table as [label, value] rows. */
async function breakdownRows(dialog) {
  return dialog.getByTestId('score-breakdown').locator('tr').evaluateAll((rows) =>
    rows.map((tr) => [tr.querySelector('th')?.textContent?.trim(), tr.querySelector('td')?.textContent?.trim()]),
  )
}

async function openMatches(page, side) {
  await page.goto('/matches')
  const tab = page.getByRole('tab', { name: side === 'buyer' ? /As Buyer Agent/ : /As Seller Agent/ })
  await tab.click()
  await eventually(async () => (await tab.getAttribute('aria-selected')) === 'true', `${side} tab selected`)
  await page.getByText('Loading matches...').waitFor({ state: 'hidden' })
  return tab
}

/** Waits until the open tab shows `n` cards and the tab's count badge says `n`. */
async function expectMatchCount(page, tab, n) {
  await eventually(async () => (await matchCards(page).count()) === n, `${n} match card(s) in the tab`)
  await expectText(tab.getByTestId('tab-count'), String(n))
}

let ctxA
let ctxB
let pageA
let pageB
let errorsA
let errorsB

test('marketplace journey (desktop, two agents): list, require, match, work the lead, contact, band edits', async (t) => {
  ctxA = await desktopContext(browser, server.baseURL)
  ctxB = await desktopContext(browser, server.baseURL)
  await recordWindowOpen(ctxA)
  await recordWindowOpen(ctxB)
  pageA = await ctxA.newPage()
  pageB = await ctxB.newPage()
  errorsA = watchErrors(pageA)
  errorsB = watchErrors(pageB)
  try {
    // 1. Two agents, each in their own context.
    await step(pageA, 'register-agents', async () => {
      await registerThroughAPI(pageA, agentA)
      await registerThroughAPI(pageB, agentB)
      await pageA.goto('/dashboard')
      await expectText(pageA.getByTestId('dashboard-greeting'), agentA.fullName)
      await pageB.goto('/dashboard')
      await expectText(pageB.getByTestId('dashboard-greeting'), agentB.fullName)
      await shot(pageB, 'market-desktop-01-dashboard-before')
    })

    // 2. A lists an apartment with an image through the form.
    await step(pageA, 'properties-empty', async () => {
      await pageA.goto('/properties')
      await expectVisible(pageA.getByRole('heading', { name: 'No properties yet' }))
      await shot(pageA, 'market-desktop-02-properties-empty')
    })

    await step(pageA, 'add-property-form', async () => {
      await pageA.getByRole('button', { name: 'Add Property' }).first().click()
      const dialog = pageA.getByTestId('property-form-dialog')
      await expectVisible(dialog.getByRole('heading', { name: 'Add New Property' }))
      await dialog.locator('#property-type-apartment').click()
      assert.equal(await dialog.locator('#property-type-apartment').getAttribute('aria-checked'), 'true')
      // The apartment's own fields.
      const typeFields = dialog.getByTestId('type-specific-fields')
      for (const label of ['Bedrooms', 'Bathrooms', 'Floor Number', 'Balcony', 'Maintenance (per month)']) {
        await expectVisible(typeFields.getByText(label, { exact: true }))
      }
      await dialog.locator('#property-listing-purpose').selectOption('for_sale')
      await expectText(dialog.locator('label[for=property-price]'), 'Sale Price (₹)')
      await dialog.locator('#property-title').fill(LISTING_1)
      await dialog.locator('#property-price').fill('7500000')
      await expectText(dialog.getByTestId('price-in-words'), /^Seventy Five Lakh Rupees$/)
      await dialog.locator('#property-state').selectOption('Karnataka')
      const city = dialog.locator('#property-city')
      await eventually(async () => !(await city.isDisabled()) && (await city.locator('option', { hasText: 'Bengaluru' }).count()) > 0, 'Karnataka cities loaded')
      await city.selectOption('Bengaluru')
      await dialog.locator('#property-locality').fill('Whitefield')
      await dialog.locator('#property-pincode').fill('560066')
      await dialog.locator('#property-bedrooms').selectOption('3')
      await dialog.locator('#property-bathrooms').selectOption('2')
      await dialog.locator('#property-floor').fill('7')
      const amenities = dialog.getByTestId('amenities')
      for (const a of ['Parking', 'Gym', 'Swimming Pool']) await amenities.getByLabel(a, { exact: true }).check()
      await dialog.locator('#property-image').setInputFiles(imageFile)
      const preview = dialog.getByRole('img', { name: 'Property image preview' })
      await expectVisible(preview)
      assert.match(await preview.getAttribute('src'), /^data:image\/png;base64,/)
      await dialog.locator('#property-description').fill('East-facing 3 BHK on the 7th floor, close to ITPL, with covered parking.')
      await shotTall(pageA, 'market-desktop-03-property-add-dialog', dialog)
      await dialog.getByTestId('property-submit').click()
      await expectToast(pageA, 'Property created successfully')
      await dialog.waitFor({ state: 'hidden' })
    })

    await step(pageA, 'property-card-with-image', async () => {
      const card = pageA.getByTestId('property-card').filter({ hasText: LISTING_1 })
      await expectVisible(card)
      const img = card.getByRole('img', { name: LISTING_1 })
      await expectVisible(img)
      const src = await img.getAttribute('src')
      assert.match(src, /^\/media\//, `the card image is served from /media/ (got ${src})`)
      await eventually(() => img.evaluate((el) => el.complete && el.naturalWidth > 0), 'the stored image loads')
      const media = await pageA.request.get(src)
      assert.equal(media.status(), 200)
      assert.match(media.headers()['content-type'] ?? '', /^image\//)
      await expectText(card, '₹75.00 L')
      await expectText(card, 'Whitefield, Bengaluru')
      await expectText(card, '3 BHK')
      // The city filter says "Bangalore"; it must still find a Bengaluru listing.
      await pageA.getByRole('combobox', { name: 'City' }).selectOption('Bangalore')
      await expectVisible(card)
      await pageA.getByRole('combobox', { name: 'City' }).selectOption('all')
      await closeToasts(pageA)
      await shot(pageA, 'market-desktop-04-properties-list')
    })

    await step(pageA, 'property-detail-dialog', async () => {
      await pageA.getByRole('button', { name: `View ${LISTING_1}`, exact: true }).click()
      const dialog = pageA.getByTestId('property-detail-dialog')
      await expectVisible(dialog.getByRole('heading', { name: LISTING_1 }))
      await expectText(dialog, 'Sale Price')
      await expectText(dialog, '₹75.00 L')
      await expectText(dialog, '3 BHK')
      await expectText(dialog, 'Karnataka')
      await expectVisible(dialog.getByRole('button', { name: /Edit Property/ }))
      await shotTall(pageA, 'market-desktop-05-property-detail-dialog', dialog)
      await closeDialog(pageA)
    })

    // 3. B posts a fitting requirement; 8. the 9-digit phone is refused first.
    await step(pageB, 'requirements-empty', async () => {
      await pageB.goto('/requirements')
      await expectVisible(pageB.getByText('No requirements yet'))
      await shot(pageB, 'market-desktop-06-requirements-empty')
    })

    await step(pageB, 'requirement-form', async () => {
      await pageB.getByRole('button', { name: 'Post Requirement' }).first().click()
      const dialog = pageB.getByRole('dialog')
      await expectVisible(dialog.getByRole('heading', { name: 'Post Client Requirement' }))
      await dialog.locator('#requirement-clientName').fill(CLIENT)
      await dialog.locator('#requirement-clientPhone').fill('987654321') // 9 digits
      await dialog.locator('#requirement-type-apartment').click()
      await dialog.locator('#requirement-listingPurpose').selectOption('forSale')
      await dialog.locator('#requirement-timeline').selectOption('3months')
      await dialog.locator('#requirement-minPrice').fill('6000000')
      await dialog.locator('#requirement-maxPrice').fill('8000000')
      await dialog.locator('#requirement-state').selectOption('Karnataka')
      const city = dialog.locator('#requirement-city')
      await eventually(async () => !(await city.isDisabled()) && (await city.locator('option', { hasText: 'Bengaluru' }).count()) > 0, 'Karnataka cities loaded')
      await city.selectOption('Bengaluru')
      await dialog.locator('#requirement-preferredLocalities').fill('Whitefield')
      await dialog.locator('#requirement-bedrooms').selectOption('3')
      await dialog.getByTestId('requirement-submit').click()
      await expectVisible(dialog.getByText('Phone number must be exactly 10 digits'))
      assert.equal(await dialog.locator('#requirement-clientPhone').getAttribute('aria-invalid'), 'true')
      await shotTall(pageB, 'market-desktop-07-requirement-form-phone-error', dialog)
      // Nothing was posted.
      assert.deepEqual(await apiJson(pageB, 'GET', '/api/requirements'), [], 'no requirement saved with a 9-digit phone')

      await dialog.locator('#requirement-clientPhone').fill('9123456780')
      await dialog.getByText('Phone number must be exactly 10 digits').waitFor({ state: 'hidden' }).catch(() => {})
      await shotTall(pageB, 'market-desktop-08-requirement-form-filled', dialog)
      await dialog.getByTestId('requirement-submit').click()
      await expectToast(pageB, 'Requirement posted successfully')
      await dialog.waitFor({ state: 'hidden' })
    })

    await step(pageB, 'requirements-list', async () => {
      const card = pageB.getByTestId('requirement-card').filter({ hasText: CLIENT })
      await expectVisible(card)
      await expectText(card.getByTestId('requirement-budget'), '₹60.00 L - ₹80.00 L')
      await expectText(card, 'Apartment · For Sale · 3+ BHK')
      await expectText(card, 'Within 3 months')
      await expectText(card, 'Whitefield, Bengaluru')
      await expectText(pageB.getByTestId('tile-Mid Budget').getByTestId('tile-value'), /^1$/)
      await expectText(pageB.getByTestId('tile-Immediate').getByTestId('tile-value'), /^0$/)
      await expectText(pageB.getByTestId('tile-High Budget').getByTestId('tile-value'), /^0$/)
      await closeToasts(pageB)
      await shot(pageB, 'market-desktop-09-requirements-list')
    })

    await step(pageB, 'requirement-details-dialog', async () => {
      await pageB.getByTestId('requirement-card').filter({ hasText: CLIENT }).getByRole('button', { name: 'View Details' }).click()
      const dialog = pageB.getByRole('dialog')
      await expectVisible(dialog.getByRole('heading', { name: 'Requirement Details' }))
      const details = dialog.getByTestId('requirement-details')
      await expectText(details, CLIENT)
      await expectText(details, '9123456780')
      assert.ok(!(await details.innerText()).includes('+91'), 'the phone is shown without +91')
      await expectText(details, '₹60.00 L - ₹80.00 L')
      await shotTall(pageB, 'market-desktop-10-requirement-details-dialog', dialog)
      await closeDialog(pageB)
    })

    await step(pageB, 'requirement-matches-dialog', async () => {
      await pageB.getByTestId('requirement-card').filter({ hasText: CLIENT }).getByRole('button', { name: 'View Matches' }).click()
      const dialog = pageB.getByRole('dialog')
      const row = dialog.getByTestId('requirement-match').filter({ hasText: LISTING_1 })
      await expectVisible(row)
      await expectText(row, '100% match')
      await expectText(row, '₹75.00 L')
      assert.match((await row.getByRole('img', { name: LISTING_1 }).getAttribute('src')) ?? '', /^\/media\//)
      await shotTall(pageB, 'market-desktop-11-requirement-matches-dialog', dialog)
      await closeDialog(pageB)
    })

    await step(pageB, 'test-requirements-page', async () => {
      await pageB.goto('/test-requirements')
      const list = pageB.getByTestId('test-requirements-list')
      await expectText(list, CLIENT)
      await expectText(list, 'Active')
      await expectText(list, /#\d+/)
      await shot(pageB, 'market-desktop-12-test-requirements')
    })

    // 4. Both agents see the match at 100% with the full breakdown.
    await step(pageB, 'buyer-sees-match', async () => {
      const tab = await openMatches(pageB, 'buyer')
      await expectMatchCount(pageB, tab, 1)
      const card = matchCards(pageB).first()
      await expectText(card.getByTestId('match-score'), /^100%$/)
      await expectText(card.getByTestId('match-status'), /^New$/)
      await expectText(card.getByTestId('match-property'), LISTING_1)
      await expectText(card.getByTestId('match-property'), '₹75.00 L')
      await expectText(card.getByTestId('counterpart-agent'), agentA.fullName)
      await shot(pageB, 'market-desktop-13-matches-buyer-tab')
    })

    await step(pageA, 'seller-sees-match', async () => {
      const tab = await openMatches(pageA, 'seller')
      await expectMatchCount(pageA, tab, 1)
      const card = matchCards(pageA).first()
      await expectText(card.getByTestId('match-score'), /^100%$/)
      await expectText(card.getByTestId('match-requirement'), CLIENT_SHORT)
      assert.ok(!(await card.innerText()).includes(CLIENT), 'the seller sees the client as first name and last initial')
      await expectText(card.getByTestId('match-requirement'), '₹60.00 L - ₹80.00 L')
      await expectText(card.getByTestId('match-requirement'), '3+ BHK')
      await expectText(card.getByTestId('counterpart-agent'), agentB.fullName)
      assert.ok(!(await card.innerText()).includes('9123456780'), 'the seller does not see the client phone')
      await shot(pageA, 'market-desktop-14-matches-seller-tab')

      await card.getByRole('button', { name: 'Details' }).click()
      const dialog = pageA.getByRole('dialog')
      await expectVisible(dialog.getByRole('heading', { name: '100% Compatibility' }))
      assert.deepEqual(await breakdownRows(dialog), BREAKDOWN)
      await expectText(dialog, 'Client contact details are hidden')
      assert.ok(!(await dialog.innerText()).includes('9123456780'), 'the seller does not see the client phone in the dialog')
      await shotTall(pageA, 'market-desktop-15-match-details-seller', dialog)
    })

    // 6 (seller side). A's Call and WhatsApp in the dialog target B.
    await step(pageA, 'seller-contact-links', async () => {
      const dialog = pageA.getByRole('dialog')
      await dialog.getByRole('button', { name: 'Call', exact: true }).click()
      await dialog.getByRole('button', { name: 'WhatsApp', exact: true }).click()
      const opened = await eventually(async () => {
        const o = await openedUrls(pageA)
        return o.length >= 2 && o
      }, 'two window.open calls recorded')
      assert.deepEqual(opened[0], { url: `tel:${agentB.phoneE164}`, target: '_self', features: null })
      const wa = new URL(opened[1].url)
      assert.equal(`${wa.origin}${wa.pathname}`, `https://wa.me/91${agentB.local}`)
      const text = wa.searchParams.get('text') ?? ''
      assert.match(text, new RegExp(`^Hello ${agentB.fullName},`))
      assert.ok(text.includes(`My listing "${LISTING_1}"`) && text.includes('100% compatibility'), `seller message: ${text}`)
      assert.equal(opened[1].target, '_blank')
      await closeDialog(pageA)
    })

    await step(pageB, 'buyer-match-details', async () => {
      await matchCards(pageB).first().getByRole('button', { name: 'Details' }).click()
      const dialog = pageB.getByRole('dialog')
      await expectVisible(dialog.getByRole('heading', { name: '100% Compatibility' }))
      await expectText(dialog.getByRole('heading', { name: '100% Compatibility' }).locator('..'), LISTING_1)
      assert.deepEqual(await breakdownRows(dialog), BREAKDOWN)
      await expectText(dialog.getByTestId('match-agent-details'), agentA.fullName)
      await expectText(dialog.getByTestId('match-agent-details'), agentA.email)
      await expectText(dialog.getByTestId('match-property-details'), 'Whitefield, Bengaluru, Karnataka')
      assert.equal(await dialog.locator('#match-status').inputValue(), 'new')
      await shotTall(pageB, 'market-desktop-16-match-details-buyer', dialog)
    })

    // 5. B marks it viewed, sets Interested and saves notes.
    await step(pageB, 'work-the-lead', async () => {
      const dialog = pageB.getByRole('dialog')
      await dialog.getByTestId('mark-viewed').click()
      await expectText(dialog.getByTestId('mark-viewed'), /^\s*Viewed\s*$/)
      await eventually(async () => (await dialog.locator('#match-status').inputValue()) === 'viewed', 'the status select says Viewed')
      assert.ok(await dialog.getByTestId('mark-viewed').isDisabled(), 'Mark Viewed is disabled once viewed')

      await dialog.locator('#match-status').selectOption('interested')
      await eventually(
        async () => (await dialog.locator('#match-status').inputValue()) === 'interested' && !(await dialog.locator('#match-status').isDisabled()),
        'the status settles on Interested',
      )
      await expectText(dialog.getByTestId('mark-viewed'), 'Interested')

      await dialog.locator('#match-notes').fill(NOTES)
      await expectText(dialog.getByTestId('notes-counter'), `${NOTES.length}/500`)
      await dialog.getByRole('button', { name: 'Save Notes' }).click()
      await expectToast(pageB, 'Notes Updated', 'Lead notes have been saved successfully.')
      await dialog.getByRole('button', { name: 'Save Notes' }).waitFor({ state: 'hidden' })
      await shotTall(pageB, 'market-desktop-17-match-details-after-notes', dialog)
      await closeDialog(pageB)
    })

    await step(pageB, 'lead-persists', async () => {
      await pageB.reload()
      const tab = pageB.getByRole('tab', { name: /As Buyer Agent/ })
      await expectMatchCount(pageB, tab, 1)
      const card = matchCards(pageB).first()
      await expectText(card.getByTestId('match-status'), /^Interested$/)
      const preview = `${NOTES.slice(0, 50)}...`
      await expectText(card.getByTestId('match-notes'), `Notes: ${preview}`)
      assert.equal((await card.getByTestId('match-notes').innerText()).trim(), `Notes: ${preview}`)
      await card.getByRole('button', { name: 'Details' }).click()
      const dialog = pageB.getByRole('dialog')
      await expectVisible(dialog.getByRole('heading', { name: '100% Compatibility' }))
      assert.equal(await dialog.locator('#match-status').inputValue(), 'interested')
      assert.equal(await dialog.locator('#match-notes').inputValue(), NOTES)
      await closeDialog(pageB)
      await closeToasts(pageB)
      await shot(pageB, 'market-desktop-18-matches-buyer-interested')
    })

    // 6 (buyer side). B's Call and WhatsApp on the card target A.
    await step(pageB, 'buyer-contact-links', async () => {
      const card = matchCards(pageB).first()
      const before = (await openedUrls(pageB)).length
      await card.getByRole('button', { name: 'Call', exact: true }).click()
      await card.getByRole('button', { name: 'WhatsApp', exact: true }).click()
      const opened = await eventually(async () => {
        const o = await openedUrls(pageB)
        return o.length >= before + 2 && o.slice(before)
      }, 'two window.open calls recorded')
      assert.deepEqual(opened[0], { url: `tel:${agentA.phoneE164}`, target: '_self', features: null })
      assert.match(opened[1].url, new RegExp(`^https://wa\\.me/91${agentA.local}\\?text=`))
      const text = new URL(opened[1].url).searchParams.get('text') ?? ''
      assert.match(text, new RegExp(`^Hello ${agentA.fullName},`))
      assert.ok(text.includes(`"${LISTING_1}"`) && text.includes('₹75.00 L') && text.includes('100% compatibility'), `buyer message: ${text}`)
      assert.equal(opened[1].target, '_blank')
      assert.match(opened[1].features ?? '', /noopener/)
      assert.equal(new URL(pageB.url()).pathname, '/matches', 'the page stayed on /matches')
    })

    // B shares the client's full name with A from the card.
    await step(pageB, 'buyer-shares-client-name', async () => {
      const card = matchCards(pageB).first()
      await card.getByTestId('share-client-name').click()
      await expectToast(pageB, 'Client name shared')
      await expectVisible(card.getByTestId('client-name-shared'))
      await closeToasts(pageB)
    })

    // Each side keeps its own lead: A's status is still New and B's notes stay B's.
    await step(pageA, 'seller-keeps-own-lead', async () => {
      const tab = await openMatches(pageA, 'seller')
      await expectMatchCount(pageA, tab, 1)
      const card = matchCards(pageA).first()
      await expectText(card.getByTestId('match-status'), /^New$/)
      assert.equal(await card.getByTestId('match-notes').count(), 0, "the seller does not see the buyer's notes")
      await expectText(card.getByTestId('match-requirement'), CLIENT)
    })

    // 7. A second fitting listing (API) stays `new`; editing both out of the band removes only that one.
    let listing2
    await step(pageA, 'second-listing', async () => {
      listing2 = await apiJson(pageA, 'POST', '/api/properties', {
        title: LISTING_2,
        propertyType: 'apartment',
        listingPurpose: 'for_sale',
        price: 7000000,
        state: 'Karnataka',
        city: 'Bengaluru',
        locality: 'Whitefield',
        bedrooms: 3,
        isActive: true,
      })
      const tabA = await openMatches(pageA, 'seller')
      await expectMatchCount(pageA, tabA, 2)
      const tabB = await openMatches(pageB, 'buyer')
      await expectMatchCount(pageB, tabB, 2)
      const card2 = matchCards(pageB).filter({ hasText: LISTING_2 })
      await expectText(card2.getByTestId('match-status'), /^New$/)
      await expectText(card2.getByTestId('match-score'), /^100%$/)
      await shot(pageB, 'market-desktop-19-matches-buyer-two')
    })

    await step(pageA, 'edit-interested-listing-out-of-band', async () => {
      await pageA.goto('/properties')
      await pageA.getByRole('button', { name: `Edit ${LISTING_1}`, exact: true }).click()
      const dialog = pageA.getByTestId('property-form-dialog')
      await expectVisible(dialog.getByRole('heading', { name: 'Edit Property' }))
      assert.equal(await dialog.locator('#property-price').inputValue(), '7500000')
      await dialog.locator('#property-price').fill('10000000')
      await expectText(dialog.getByTestId('price-in-words'), /^One Crore Rupees$/)
      await dialog.getByTestId('property-submit').click()
      await expectToast(pageA, 'Property updated successfully')
      await dialog.waitFor({ state: 'hidden' })
      const card = pageA.getByTestId('property-card').filter({ hasText: LISTING_1 })
      await expectText(card, '₹1.00 Cr')
      assert.match((await card.getByRole('img', { name: LISTING_1 }).getAttribute('src')) ?? '', /^\/media\//, 'the image survives the edit')
      // The interested match is kept (rules: only matches `new` on both sides are removed).
      const tabB = await openMatches(pageB, 'buyer')
      await expectMatchCount(pageB, tabB, 2)
      const kept = matchCards(pageB).filter({ hasText: LISTING_1 })
      await expectText(kept.getByTestId('match-status'), /^Interested$/)
      await kept.getByRole('button', { name: 'Details' }).click()
      const details = pageB.getByRole('dialog')
      await expectVisible(details.getByTestId('score-breakdown'))
      const rows = await breakdownRows(details)
      await closeDialog(pageB)
      t.diagnostic(
        `kept interested match after the out-of-band edit (₹1.00 Cr vs budget ₹60-80 L): card score ${await kept.getByTestId('match-score').innerText()}, ` +
          `card price ${(await kept.getByTestId('match-property').innerText()).match(/₹[\d.]+ (L|Cr)/)?.[0]}, breakdown ${JSON.stringify(rows)}`,
      )
    })

    await step(pageA, 'edit-new-listing-out-of-band', async () => {
      await pageA.getByRole('button', { name: `Edit ${LISTING_2}`, exact: true }).click()
      const dialog = pageA.getByTestId('property-form-dialog')
      await expectVisible(dialog.getByRole('heading', { name: 'Edit Property' }))
      await dialog.locator('#property-price').fill('10000000')
      await dialog.getByTestId('property-submit').click()
      await expectToast(pageA, 'Property updated successfully')
      await dialog.waitFor({ state: 'hidden' })
      await closeToasts(pageA)
      await shot(pageA, 'market-desktop-20-properties-after-edits')

      const tabB = await openMatches(pageB, 'buyer')
      await expectMatchCount(pageB, tabB, 1)
      await expectText(matchCards(pageB).first().getByTestId('match-property'), LISTING_1)
      await expectText(matchCards(pageB).first().getByTestId('match-status'), /^Interested$/)
      await shot(pageB, 'market-desktop-21-matches-buyer-after-edits')

      const tabA = await openMatches(pageA, 'seller')
      await expectMatchCount(pageA, tabA, 1)
      await expectText(matchCards(pageA).first(), CLIENT)
      await expectText(matchCards(pageA).first().getByTestId('match-status'), /^New$/)

      const buyerMatches = await apiJson(pageB, 'GET', '/api/matches?type=buyer')
      assert.deepEqual(
        buyerMatches.map((m) => [m.property.id === listing2.id ? 'listing2' : 'listing1', m.status]),
        [['listing1', 'interested']],
      )
    })

    await step(pageB, 'dashboard-after', async () => {
      await pageB.goto('/dashboard')
      await expectText(pageB.getByTestId('dashboard-greeting'), agentB.fullName)
      await shot(pageB, 'market-desktop-22-dashboard-buyer')
      await pageA.goto('/dashboard')
      await expectText(pageA.getByTestId('dashboard-greeting'), agentA.fullName)
      await shot(pageA, 'market-desktop-23-dashboard-seller')
    })

    assert.deepEqual(errorsA, [], 'no uncaught errors in A’s page')
    assert.deepEqual(errorsB, [], 'no uncaught errors in B’s page')
  } finally {
    await ctxA.close()
    await ctxB.close()
  }
})

test('marketplace pages at 390 px (both agents)', async (t) => {
  const mA = await mobileContext(browser, server.baseURL)
  const mB = await mobileContext(browser, server.baseURL)
  const a = await mA.newPage()
  const b = await mB.newPage()
  const errors = [...[a, b].map(watchErrors)]
  const overflow = {}
  const check = async (page, name) => {
    const px = await horizontalOverflow(page)
    if (px > 0) {
      overflow[name] = px
      t.diagnostic(`horizontal overflow of ${px}px on ${name} at 390px; widest: ${JSON.stringify(await overflowCulprits(page))}`)
    }
  }
  try {
    await signInThroughAPI(a, agentA)
    await signInThroughAPI(b, agentB)

    await step(a, 'mobile-properties', async () => {
      await a.goto('/properties')
      await expectVisible(a.getByTestId('property-card').filter({ hasText: LISTING_1 }))
      await check(a, 'properties')
      await shot(a, 'market-mobile-01-properties-list')
    })

    await step(a, 'mobile-property-add-dialog', async () => {
      await a.getByRole('button', { name: 'Add Property' }).first().click()
      const dialog = a.getByTestId('property-form-dialog')
      await expectVisible(dialog.getByRole('heading', { name: 'Add New Property' }))
      await dialog.locator('#property-type-villa').click()
      await expectVisible(dialog.getByTestId('type-specific-fields').getByText('Villa Size (sq.ft)'))
      await dialog.locator('#property-price').fill('25000000')
      await expectText(dialog.getByTestId('price-in-words'), 'Two Crore Fifty Lakh Rupees')
      await check(a, 'property add dialog')
      await shotTall(a, 'market-mobile-02-property-add-dialog', dialog)
      await closeDialog(a)
    })

    await step(a, 'mobile-property-detail', async () => {
      await a.getByRole('button', { name: `View ${LISTING_1}`, exact: true }).click()
      const dialog = a.getByTestId('property-detail-dialog')
      await expectVisible(dialog.getByRole('heading', { name: LISTING_1 }))
      await check(a, 'property detail dialog')
      await shotTall(a, 'market-mobile-03-property-detail-dialog', dialog)
      await closeDialog(a)
    })

    await step(b, 'mobile-requirements', async () => {
      await b.goto('/requirements')
      await expectVisible(b.getByTestId('requirement-card').filter({ hasText: CLIENT }))
      await check(b, 'requirements')
      await shot(b, 'market-mobile-04-requirements-list')
    })

    await step(b, 'mobile-requirement-form', async () => {
      await b.getByRole('button', { name: 'Post Requirement' }).first().click()
      const dialog = b.getByRole('dialog')
      await expectVisible(dialog.getByRole('heading', { name: 'Post Client Requirement' }))
      await dialog.locator('#requirement-clientPhone').fill('98765')
      await dialog.getByTestId('requirement-submit').click()
      await expectVisible(dialog.getByText('Phone number must be exactly 10 digits'))
      await check(b, 'requirement form')
      await closeToasts(b)
      await shotTall(b, 'market-mobile-05-requirement-form-errors', dialog)
      await closeDialog(b)
    })

    await step(b, 'mobile-requirement-details', async () => {
      await b.getByTestId('requirement-card').filter({ hasText: CLIENT }).getByRole('button', { name: 'View Details' }).click()
      const dialog = b.getByRole('dialog')
      await expectVisible(dialog.getByRole('heading', { name: 'Requirement Details' }))
      await check(b, 'requirement details dialog')
      await shotTall(b, 'market-mobile-06-requirement-details-dialog', dialog)
      await closeDialog(b)
    })

    await step(b, 'mobile-requirement-matches', async () => {
      await b.getByTestId('requirement-card').filter({ hasText: CLIENT }).getByRole('button', { name: 'View Matches' }).click()
      const dialog = b.getByRole('dialog')
      await expectVisible(dialog.getByRole('heading').first())
      await dialog.getByTestId('requirement-match').first().waitFor({ state: 'visible' }).catch(() => {})
      await check(b, 'requirement matches dialog')
      await shotTall(b, 'market-mobile-07-requirement-matches-dialog', dialog)
      await closeDialog(b)
    })

    await step(b, 'mobile-test-requirements', async () => {
      await b.goto('/test-requirements')
      await expectText(b.getByTestId('test-requirements-list'), CLIENT)
      await check(b, 'test-requirements')
      await shot(b, 'market-mobile-08-test-requirements')
    })

    await step(b, 'mobile-matches-buyer', async () => {
      const tab = await openMatches(b, 'buyer')
      await expectMatchCount(b, tab, 1)
      await check(b, 'matches buyer tab')
      await shot(b, 'market-mobile-09-matches-buyer-tab')
      await matchCards(b).first().getByRole('button', { name: 'Details' }).click()
      const dialog = b.getByRole('dialog')
      await expectVisible(dialog.getByTestId('score-breakdown'))
      await check(b, 'match details dialog')
      await shotTall(b, 'market-mobile-10-match-details-buyer', dialog)
      await closeDialog(b)
    })

    await step(a, 'mobile-matches-seller', async () => {
      const tab = await openMatches(a, 'seller')
      await expectMatchCount(a, tab, 1)
      await check(a, 'matches seller tab')
      await shot(a, 'market-mobile-11-matches-seller-tab')
      await matchCards(a).first().getByRole('button', { name: 'Details' }).click()
      const dialog = a.getByRole('dialog')
      await expectVisible(dialog.getByTestId('score-breakdown'))
      await shotTall(a, 'market-mobile-12-match-details-seller', dialog)
      await closeDialog(a)
      // The buyer tab of the seller is empty: the mobile empty text.
      await a.getByRole('tab', { name: /As Buyer Agent/ }).click()
      await expectVisible(a.getByText('No buyer matches yet'))
      await shot(a, 'market-mobile-13-matches-seller-empty-buyer-tab')
    })

    await step(b, 'mobile-dashboard', async () => {
      await b.goto('/dashboard')
      await expectText(b.getByTestId('dashboard-greeting'), agentB.fullName)
      await check(b, 'dashboard')
      await shot(b, 'market-mobile-14-dashboard')
    })

    assert.deepEqual(errors.flat(), [], 'no uncaught errors in the pages')
    if (Object.keys(overflow).length) t.diagnostic(`overflow summary: ${JSON.stringify(overflow)}`)
  } finally {
    await mA.close()
    await mB.close()
  }
})
