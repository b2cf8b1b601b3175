// The marketplace journey of PropMatch in a real browser, with two agents in two
// browser contexts: seller agent A lists an apartment with a picture, buyer agent B
// posts a client requirement that fits it, both see the 100% match (A sees the
// client as first name and last initial), B works the lead (viewed, interested,
// notes) on B's side only, the Call and WhatsApp links point at the other agent,
// B shares the client's name with A, and moving listings out of the budget band
// removes only the matches still `new` on both sides. Then every marketplace page
// again at phone width.
import { apiJson, newAgent, registerThroughAPI, signInThroughAPI } from '../lib/agents.mjs'
import { MOBILE, openedUrls, recordWindowOpen, shot, shotTall } from '../lib/browser.mjs'
import { diagnostic, expect, expectToast, overflowReport, test } from '../lib/journey.mjs'
import { gradientPng } from '../lib/png.mjs'

// The phone-width test reads what the desktop journey made.
test.describe.configure({ mode: 'serial' })
// This journey is about contacts before billing (calls, WhatsApp, privacy): billing's leads
// and unlocks have their own journey (billing.test.mjs).
test.use({ serverEnv: { PROPMATCH_BILLING: 'off' } })

const agentA = newAgent('seller', 'Asha Seller', 'seller', '6')
const agentB = newAgent('buyer', 'Bharat Buyer', 'buyer', '7')

const LISTING_1 = '3 BHK Apartment in Whitefield'
const LISTING_2 = 'Whitefield 3 BHK, Phase 2'
const CLIENT = 'Kiran Rao'
/** How other agents see the client until B shares the name (docs/product.md#privacy). */
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
/** The listing's picture: a 40×30 PNG. */
const IMAGE = { name: 'whitefield.png', mimeType: 'image/png', buffer: gradientPng(40, 30) }

async function closeToasts(page) {
  const toasts = page.getByTestId('toast')
  for (let i = await toasts.count(); i > 0; i--) {
    // Under a modal dialog the toast region is aria-hidden and outside the pointer area,
    // so its close button (the toast's last button) is found by CSS and clicked by event.
    await toasts.first().locator('button').last().dispatchEvent('click', {}, { timeout: 2_000 }).catch(() => {})
  }
  await expect(toasts, 'the toasts are gone').toHaveCount(0)
}

/** Closes the open dialog with its corner X (Escape would first dismiss an open toast). */
async function closeDialog(page) {
  const dialog = page.getByRole('dialog').first()
  await dialog.getByRole('button', { name: 'Close', exact: true }).last().click()
  await expect(dialog).toBeHidden()
}

/** Closes a dialog whose form holds unsaved input: its X, then Discard in 'Discard changes?'. */
async function discardDialog(page) {
  const dialog = page.getByRole('dialog').first()
  await dialog.getByRole('button', { name: 'Close', exact: true }).last().click()
  await page.getByTestId('confirm-discard').getByRole('button', { name: 'Discard' }).click()
  await expect(dialog).toBeHidden()
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
  await expect(tab, `${side} tab selected`).toHaveAttribute('aria-selected', 'true')
  await expect(page.getByText('Loading matches...')).toBeHidden()
  return tab
}

/** Waits until the open tab shows `n` cards and the tab's count badge says `n`. */
async function expectMatchCount(page, tab, n) {
  await expect(matchCards(page), `${n} match card(s) in the tab`).toHaveCount(n)
  await expect(tab.getByTestId('tab-count')).toContainText(String(n))
}

/** Chooses Karnataka / Bengaluru in a form whose fields are #<prefix>-state and #<prefix>-city. */
async function chooseBengaluru(dialog, prefix) {
  await dialog.locator(`#${prefix}-state`).selectOption('Karnataka')
  const city = dialog.locator(`#${prefix}-city`)
  await expect(city, 'the Karnataka cities are loaded').toBeEnabled()
  await city.selectOption('Bengaluru') // waits for the option
}

test('marketplace journey (desktop, two agents): list, require, match, work the lead, contact, band edits', async ({ newContext, step }) => {
  const ctxA = await newContext()
  const ctxB = await newContext()
  await recordWindowOpen(ctxA)
  await recordWindowOpen(ctxB)
  const pageA = await ctxA.newPage()
  const pageB = await ctxB.newPage()

  // 1. Two agents, each in their own context.
  await step('register-agents', async () => {
    await registerThroughAPI(pageA, agentA)
    await registerThroughAPI(pageB, agentB)
    await pageA.goto('/dashboard')
    await expect(pageA.getByTestId('dashboard-greeting')).toContainText(agentA.fullName)
    await pageB.goto('/dashboard')
    await expect(pageB.getByTestId('dashboard-greeting')).toContainText(agentB.fullName)
    await shot(pageB, 'market-desktop-01-dashboard-before')
  })

  // 2. A lists an apartment with an image through the form.
  await step('properties-empty', async () => {
    await pageA.goto('/properties')
    await expect(pageA.getByTestId('properties-empty')).toContainText('No properties yet')
    await shot(pageA, 'market-desktop-02-properties-empty')
  })

  await step('add-property-form', async () => {
    await pageA.getByRole('button', { name: 'Add Property' }).first().click()
    const dialog = pageA.getByTestId('property-form-dialog')
    await expect(dialog.getByRole('heading', { name: 'Add New Property' })).toBeVisible()
    await dialog.locator('#property-type-apartment').click()
    await expect(dialog.locator('#property-type-apartment')).toHaveAttribute('aria-checked', 'true')
    // The apartment's own fields.
    const typeFields = dialog.getByTestId('type-specific-fields')
    for (const label of ['Bedrooms', 'Bathrooms', 'Floor Number', 'Balcony', 'Maintenance (per month)']) {
      await expect(typeFields.getByText(label, { exact: true })).toBeVisible()
    }
    await dialog.locator('#property-listing-purpose').selectOption('for_sale')
    await expect(dialog.locator('label[for=property-price]')).toContainText('Sale Price (₹)')
    await dialog.locator('#property-title').fill(LISTING_1)
    await dialog.locator('#property-price').fill('7500000')
    await expect(dialog.getByTestId('price-in-words')).toHaveText(/^Seventy Five Lakh Rupees$/)
    await chooseBengaluru(dialog, 'property')
    await dialog.locator('#property-locality').fill('Whitefield')
    await dialog.locator('#property-pincode').fill('560066')
    await dialog.locator('#property-bedrooms').selectOption('3')
    await dialog.locator('#property-bathrooms').selectOption('2')
    await dialog.locator('#property-floor').fill('7')
    const amenities = dialog.getByTestId('amenities')
    for (const a of ['Parking', 'Gym', 'Swimming Pool']) await amenities.getByLabel(a, { exact: true }).check()
    await dialog.locator('#property-image').setInputFiles(IMAGE)
    await expect(dialog.getByRole('img', { name: 'Property image preview' })).toHaveAttribute('src', /^data:image\/png;base64,/)
    await dialog.locator('#property-description').fill('East-facing 3 BHK on the 7th floor, close to ITPL, with covered parking.')
    await shotTall(pageA, 'market-desktop-03-property-add-dialog', dialog)
    await dialog.getByTestId('property-submit').click()
    await expectToast(pageA, 'Property created successfully')
    await expect(dialog).toBeHidden()
  })

  await step('property-card-with-image', async () => {
    const card = pageA.getByTestId('property-card').filter({ hasText: LISTING_1 })
    const img = card.getByRole('img', { name: LISTING_1 })
    await expect(img).toBeVisible()
    await expect(img, 'the card image is served from /media/').toHaveAttribute('src', /^\/media\//)
    await expect.poll(() => img.evaluate((el) => el.complete && el.naturalWidth > 0), { message: 'the stored image loads' }).toBe(true)
    const media = await pageA.request.get(await img.getAttribute('src'))
    expect(media.status()).toBe(200)
    expect(media.headers()['content-type'] ?? '').toMatch(/^image\//)
    await expect(card).toContainText('₹75.00 L')
    await expect(card).toContainText('Whitefield, Bengaluru')
    await expect(card).toContainText('3 BHK')
    // The city filter says "Bangalore"; it must still find a Bengaluru listing.
    await pageA.getByRole('combobox', { name: 'City' }).selectOption('Bangalore')
    await expect(card).toBeVisible()
    await pageA.getByRole('combobox', { name: 'City' }).selectOption('all')
    await closeToasts(pageA)
    await shot(pageA, 'market-desktop-04-properties-list')
  })

  await step('property-detail-dialog', async () => {
    await pageA.getByRole('button', { name: `View ${LISTING_1}`, exact: true }).click()
    const dialog = pageA.getByTestId('property-detail-dialog')
    await expect(dialog.getByRole('heading', { name: LISTING_1 })).toBeVisible()
    for (const text of ['Sale Price', '₹75.00 L', '3 BHK', 'Karnataka']) await expect(dialog).toContainText(text)
    await expect(dialog.getByRole('button', { name: /Edit Property/ })).toBeVisible()
    await shotTall(pageA, 'market-desktop-05-property-detail-dialog', dialog)
    await closeDialog(pageA)
  })

  // 3. B posts a fitting requirement; 8. the 9-digit phone is refused first.
  await step('requirements-empty', async () => {
    await pageB.goto('/requirements')
    await expect(pageB.getByText(/^No requirements yet/)).toBeVisible()
    await shot(pageB, 'market-desktop-06-requirements-empty')
  })

  await step('requirement-form', async () => {
    await pageB.getByRole('button', { name: 'Post Requirement' }).first().click()
    const dialog = pageB.getByRole('dialog')
    await expect(dialog.getByRole('heading', { name: 'Post Client Requirement' })).toBeVisible()
    await dialog.locator('#requirement-clientName').fill(CLIENT)
    await dialog.locator('#requirement-clientPhone').fill('987654321') // 9 digits
    await dialog.locator('#requirement-type-apartment').click()
    await dialog.locator('#requirement-listingPurpose').selectOption('forSale')
    await dialog.locator('#requirement-timeline').selectOption('3months')
    await dialog.locator('#requirement-minPrice').fill('6000000')
    await dialog.locator('#requirement-maxPrice').fill('8000000')
    await chooseBengaluru(dialog, 'requirement')
    await dialog.locator('#requirement-preferredLocalities').fill('Whitefield')
    await dialog.locator('#requirement-bedrooms').selectOption('3')
    await dialog.getByTestId('requirement-submit').click()
    const phoneError = dialog.getByText('Phone number must be exactly 10 digits')
    await expect(phoneError).toBeVisible()
    await expect(dialog.locator('#requirement-clientPhone')).toHaveAttribute('aria-invalid', 'true')
    await shotTall(pageB, 'market-desktop-07-requirement-form-phone-error', dialog)
    expect(await apiJson(pageB, 'GET', '/api/requirements'), 'no requirement saved with a 9-digit phone').toEqual([])

    await dialog.locator('#requirement-clientPhone').fill('9123456780')
    await phoneError.waitFor({ state: 'hidden' }).catch(() => {}) // the form may keep it until the next submit
    await shotTall(pageB, 'market-desktop-08-requirement-form-filled', dialog)
    await dialog.getByTestId('requirement-submit').click()
    await expectToast(pageB, 'Requirement posted successfully')
    await expect(dialog).toBeHidden()
  })

  const requirementCard = pageB.getByTestId('requirement-card').filter({ hasText: CLIENT })
  await step('requirements-list', async () => {
    await expect(requirementCard).toBeVisible()
    await expect(requirementCard.getByTestId('requirement-budget')).toContainText('₹60.00 L - ₹80.00 L')
    for (const text of ['Apartment · For Sale · 3+ BHK', 'Within 3 months', 'Whitefield, Bengaluru']) await expect(requirementCard).toContainText(text)
    await expect(pageB.getByTestId('tile-Mid Budget').getByTestId('tile-value')).toHaveText(/^1$/)
    await expect(pageB.getByTestId('tile-Immediate').getByTestId('tile-value')).toHaveText(/^0$/)
    await expect(pageB.getByTestId('tile-High Budget').getByTestId('tile-value')).toHaveText(/^0$/)
    await closeToasts(pageB)
    await shot(pageB, 'market-desktop-09-requirements-list')
  })

  await step('requirement-details-dialog', async () => {
    await requirementCard.getByRole('button', { name: 'View Details' }).click()
    const dialog = pageB.getByRole('dialog')
    await expect(dialog.getByRole('heading', { name: 'Requirement Details' })).toBeVisible()
    const details = dialog.getByTestId('requirement-details')
    for (const text of [CLIENT, '9123456780', '₹60.00 L - ₹80.00 L']) await expect(details).toContainText(text)
    await expect(details, 'the phone is shown without +91').not.toContainText('+91', { useInnerText: true })
    await shotTall(pageB, 'market-desktop-10-requirement-details-dialog', dialog)
    await closeDialog(pageB)
  })

  await step('requirement-matches-dialog', async () => {
    await requirementCard.getByRole('button', { name: 'View Matches' }).click()
    const row = pageB.getByRole('dialog').getByTestId('requirement-match').filter({ hasText: LISTING_1 })
    await expect(row).toBeVisible()
    await expect(row).toContainText('100% match')
    await expect(row).toContainText('₹75.00 L')
    await expect(row.getByRole('img', { name: LISTING_1 })).toHaveAttribute('src', /^\/media\//)
    await shotTall(pageB, 'market-desktop-11-requirement-matches-dialog', pageB.getByRole('dialog'))
    await closeDialog(pageB)
  })

  await step('test-requirements-page', async () => {
    await pageB.goto('/test-requirements')
    const list = pageB.getByTestId('test-requirements-list')
    await expect(list).toContainText(CLIENT)
    await expect(list).toContainText('Active')
    await expect(list).toContainText(/#\d+/)
    await shot(pageB, 'market-desktop-12-test-requirements')
  })

  // 4. Both agents see the match at 100% with the full breakdown.
  await step('buyer-sees-match', async () => {
    const tab = await openMatches(pageB, 'buyer')
    await expectMatchCount(pageB, tab, 1)
    const card = matchCards(pageB).first()
    await expect(card.getByTestId('match-score')).toHaveText(/^100%$/)
    await expect(card.getByTestId('match-status')).toHaveText(/^New$/)
    await expect(card.getByTestId('match-property')).toContainText(LISTING_1)
    await expect(card.getByTestId('match-property')).toContainText('₹75.00 L')
    await expect(card.getByTestId('counterpart-agent')).toContainText(agentA.fullName)
    await shot(pageB, 'market-desktop-13-matches-buyer-tab')
  })

  await step('seller-sees-match', async () => {
    const tab = await openMatches(pageA, 'seller')
    await expectMatchCount(pageA, tab, 1)
    const card = matchCards(pageA).first()
    await expect(card.getByTestId('match-score')).toHaveText(/^100%$/)
    await expect(card.getByTestId('match-requirement')).toContainText(CLIENT_SHORT)
    await expect(card, 'the seller sees the client as first name and last initial').not.toContainText(CLIENT, { useInnerText: true })
    await expect(card.getByTestId('match-requirement')).toContainText('₹60.00 L - ₹80.00 L')
    await expect(card.getByTestId('match-requirement')).toContainText('3+ BHK')
    await expect(card.getByTestId('counterpart-agent')).toContainText(agentB.fullName)
    await expect(card, 'the seller does not see the client phone').not.toContainText('9123456780', { useInnerText: true })
    await shot(pageA, 'market-desktop-14-matches-seller-tab')

    await card.getByRole('button', { name: 'Details' }).click()
    const dialog = pageA.getByRole('dialog')
    await expect(dialog.getByRole('heading', { name: '100% Compatibility' })).toBeVisible()
    await expect.poll(() => breakdownRows(dialog)).toEqual(BREAKDOWN)
    await expect(dialog).toContainText('Client contact details are hidden')
    await expect(dialog, 'the seller does not see the client phone in the dialog').not.toContainText('9123456780', { useInnerText: true })
    await shotTall(pageA, 'market-desktop-15-match-details-seller', dialog)
  })

  // 6 (seller side). A's Call and WhatsApp in the dialog target B.
  await step('seller-contact-links', async () => {
    const dialog = pageA.getByRole('dialog')
    await dialog.getByRole('button', { name: 'Call', exact: true }).click()
    await dialog.getByRole('button', { name: 'WhatsApp', exact: true }).click()
    await expect.poll(async () => (await openedUrls(pageA)).length, { message: 'two window.open calls recorded' }).toBeGreaterThanOrEqual(2)
    const opened = await openedUrls(pageA)
    expect(opened[0]).toEqual({ url: `tel:${agentB.phoneE164}`, target: '_self', features: null })
    const wa = new URL(opened[1].url)
    expect(`${wa.origin}${wa.pathname}`).toBe(`https://wa.me/91${agentB.local}`)
    const text = wa.searchParams.get('text') ?? ''
    expect(text).toMatch(new RegExp(`^Hello ${agentB.fullName},`))
    expect(text.includes(`My listing "${LISTING_1}"`) && text.includes('100% compatibility'), `seller message: ${text}`).toBe(true)
    expect(opened[1].target).toBe('_blank')
    await closeDialog(pageA)
  })

  await step('buyer-match-details', async () => {
    await matchCards(pageB).first().getByRole('button', { name: 'Details' }).click()
    const dialog = pageB.getByRole('dialog')
    const heading = dialog.getByRole('heading', { name: '100% Compatibility' })
    await expect(heading).toBeVisible()
    await expect(heading.locator('..')).toContainText(LISTING_1)
    await expect.poll(() => breakdownRows(dialog)).toEqual(BREAKDOWN)
    await expect(dialog.getByTestId('match-agent-details')).toContainText(agentA.fullName)
    await expect(dialog.getByTestId('match-agent-details')).toContainText(agentA.email)
    await expect(dialog.getByTestId('match-property-details')).toContainText('Whitefield, Bengaluru, Karnataka')
    await expect(dialog.locator('#match-status')).toHaveValue('new')
    await shotTall(pageB, 'market-desktop-16-match-details-buyer', dialog)
  })

  // 5. B marks it viewed, sets Interested and saves notes.
  await step('work-the-lead', async () => {
    const dialog = pageB.getByRole('dialog')
    const markViewed = dialog.getByTestId('mark-viewed')
    const status = dialog.locator('#match-status')
    await markViewed.click()
    await expect(markViewed).toHaveText(/^\s*Viewed\s*$/)
    await expect(status, 'the status select says Viewed').toHaveValue('viewed')
    await expect(markViewed, 'Mark Viewed is disabled once viewed').toBeDisabled()

    await status.selectOption('interested')
    await expect
      .poll(async () => [await status.inputValue(), await status.isEnabled()], { message: 'the status settles on Interested' })
      .toEqual(['interested', true])
    await expect(markViewed).toContainText('Interested')

    await dialog.locator('#match-notes').fill(NOTES)
    await expect(dialog.getByTestId('notes-counter')).toContainText(`${NOTES.length}/500`)
    await dialog.getByRole('button', { name: 'Save Notes' }).click()
    await expectToast(pageB, 'Notes Updated', 'Lead notes have been saved successfully.')
    await expect(dialog.getByRole('button', { name: 'Save Notes' })).toBeHidden()
    await shotTall(pageB, 'market-desktop-17-match-details-after-notes', dialog)
    await closeDialog(pageB)
  })

  await step('lead-persists', async () => {
    await pageB.reload()
    await expectMatchCount(pageB, pageB.getByRole('tab', { name: /As Buyer Agent/ }), 1)
    const card = matchCards(pageB).first()
    await expect(card.getByTestId('match-status')).toHaveText(/^Interested$/)
    await expect(card.getByTestId('match-notes')).toHaveText(`Notes: ${NOTES.slice(0, 50)}...`, { useInnerText: true })
    await card.getByRole('button', { name: 'Details' }).click()
    const dialog = pageB.getByRole('dialog')
    await expect(dialog.getByRole('heading', { name: '100% Compatibility' })).toBeVisible()
    await expect(dialog.locator('#match-status')).toHaveValue('interested')
    await expect(dialog.locator('#match-notes')).toHaveValue(NOTES)
    await closeDialog(pageB)
    await closeToasts(pageB)
    await shot(pageB, 'market-desktop-18-matches-buyer-interested')
  })

  // 6 (buyer side). B's Call and WhatsApp on the card target A.
  await step('buyer-contact-links', async () => {
    const card = matchCards(pageB).first()
    const before = (await openedUrls(pageB)).length
    await card.getByRole('button', { name: 'Call', exact: true }).click()
    await card.getByRole('button', { name: 'WhatsApp', exact: true }).click()
    await expect.poll(async () => (await openedUrls(pageB)).length, { message: 'two window.open calls recorded' }).toBeGreaterThanOrEqual(before + 2)
    const opened = (await openedUrls(pageB)).slice(before)
    expect(opened[0]).toEqual({ url: `tel:${agentA.phoneE164}`, target: '_self', features: null })
    expect(opened[1].url).toMatch(new RegExp(`^https://wa\\.me/91${agentA.local}\\?text=`))
    const text = new URL(opened[1].url).searchParams.get('text') ?? ''
    expect(text).toMatch(new RegExp(`^Hello ${agentA.fullName},`))
    expect(text.includes(`"${LISTING_1}"`) && text.includes('₹75.00 L') && text.includes('100% compatibility'), `buyer message: ${text}`).toBe(true)
    expect(opened[1].target).toBe('_blank')
    expect(opened[1].features ?? '').toMatch(/noopener/)
    expect(new URL(pageB.url()).pathname, 'the page stayed on /matches').toBe('/matches')
  })

  // B shares the client's full name with A from the card.
  await step('buyer-shares-client-name', async () => {
    const card = matchCards(pageB).first()
    await card.getByTestId('share-client-name').click()
    await expectToast(pageB, 'Client name shared')
    await expect(card.getByTestId('client-name-shared')).toBeVisible()
    await closeToasts(pageB)
  })

  // Each side keeps its own lead: A's status is still New and B's notes stay B's.
  await step('seller-keeps-own-lead', async () => {
    const tab = await openMatches(pageA, 'seller')
    await expectMatchCount(pageA, tab, 1)
    const card = matchCards(pageA).first()
    await expect(card.getByTestId('match-status')).toHaveText(/^New$/)
    await expect(card.getByTestId('match-notes'), "the seller does not see the buyer's notes").toHaveCount(0)
    await expect(card.getByTestId('match-requirement')).toContainText(CLIENT)
  })

  // 7. A second fitting listing (API) stays `new`; editing both out of the band removes only that one.
  let listing2
  await step('second-listing', async () => {
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
    await expect(card2.getByTestId('match-status')).toHaveText(/^New$/)
    await expect(card2.getByTestId('match-score')).toHaveText(/^100%$/)
    await shot(pageB, 'market-desktop-19-matches-buyer-two')
  })

  await step('edit-interested-listing-out-of-band', async () => {
    await pageA.goto('/properties')
    await pageA.getByRole('button', { name: `Edit ${LISTING_1}`, exact: true }).click()
    const dialog = pageA.getByTestId('property-form-dialog')
    await expect(dialog.getByRole('heading', { name: 'Edit Property' })).toBeVisible()
    await expect(dialog.locator('#property-price')).toHaveValue('7500000')
    await dialog.locator('#property-price').fill('10000000')
    await expect(dialog.getByTestId('price-in-words')).toHaveText(/^One Crore Rupees$/)
    await dialog.getByTestId('property-submit').click()
    await expectToast(pageA, 'Property updated successfully')
    await expect(dialog).toBeHidden()
    const card = pageA.getByTestId('property-card').filter({ hasText: LISTING_1 })
    await expect(card).toContainText('₹1.00 Cr')
    await expect(card.getByRole('img', { name: LISTING_1 }), 'the image survives the edit').toHaveAttribute('src', /^\/media\//)
    // The interested match is kept (rules: only matches `new` on both sides are removed).
    const tabB = await openMatches(pageB, 'buyer')
    await expectMatchCount(pageB, tabB, 2)
    const kept = matchCards(pageB).filter({ hasText: LISTING_1 })
    await expect(kept.getByTestId('match-status')).toHaveText(/^Interested$/)
    await kept.getByRole('button', { name: 'Details' }).click()
    const details = pageB.getByRole('dialog')
    await expect(details.getByTestId('score-breakdown')).toBeVisible()
    const rows = await breakdownRows(details)
    await closeDialog(pageB)
    diagnostic(
      `kept interested match after the out-of-band edit (₹1.00 Cr vs budget ₹60-80 L): card score ${await kept.getByTestId('match-score').innerText()}, ` +
        `card price ${(await kept.getByTestId('match-property').innerText()).match(/₹[\d.]+ (L|Cr)/)?.[0]}, breakdown ${JSON.stringify(rows)}`,
    )
  })

  await step('edit-new-listing-out-of-band', async () => {
    await pageA.getByRole('button', { name: `Edit ${LISTING_2}`, exact: true }).click()
    const dialog = pageA.getByTestId('property-form-dialog')
    await expect(dialog.getByRole('heading', { name: 'Edit Property' })).toBeVisible()
    await dialog.locator('#property-price').fill('10000000')
    await dialog.getByTestId('property-submit').click()
    await expectToast(pageA, 'Property updated successfully')
    await expect(dialog).toBeHidden()
    await closeToasts(pageA)
    await shot(pageA, 'market-desktop-20-properties-after-edits')

    const tabB = await openMatches(pageB, 'buyer')
    await expectMatchCount(pageB, tabB, 1)
    await expect(matchCards(pageB).first().getByTestId('match-property')).toContainText(LISTING_1)
    await expect(matchCards(pageB).first().getByTestId('match-status')).toHaveText(/^Interested$/)
    await shot(pageB, 'market-desktop-21-matches-buyer-after-edits')

    const tabA = await openMatches(pageA, 'seller')
    await expectMatchCount(pageA, tabA, 1)
    await expect(matchCards(pageA).first()).toContainText(CLIENT)
    await expect(matchCards(pageA).first().getByTestId('match-status')).toHaveText(/^New$/)

    const buyerMatches = await apiJson(pageB, 'GET', '/api/matches?type=buyer')
    expect(buyerMatches.map((m) => [m.property.id === listing2.id ? 'listing2' : 'listing1', m.status])).toEqual([['listing1', 'interested']])
  })

  await step('dashboard-after', async () => {
    await pageB.goto('/dashboard')
    await expect(pageB.getByTestId('dashboard-greeting')).toContainText(agentB.fullName)
    await shot(pageB, 'market-desktop-22-dashboard-buyer')
    await pageA.goto('/dashboard')
    await expect(pageA.getByTestId('dashboard-greeting')).toContainText(agentA.fullName)
    await shot(pageA, 'market-desktop-23-dashboard-seller')
  })
})

test('marketplace pages at 390 px (both agents)', async ({ newContext, step }) => {
  const a = await (await newContext(MOBILE)).newPage()
  const b = await (await newContext(MOBILE)).newPage()
  const overflow = overflowReport()
  const check = (page, name) => overflow.check(page, name)
  await signInThroughAPI(a, agentA)
  await signInThroughAPI(b, agentB)

  await step('mobile-properties', async () => {
    await a.goto('/properties')
    await expect(a.getByTestId('property-card').filter({ hasText: LISTING_1 })).toBeVisible()
    await check(a, 'properties')
    await shot(a, 'market-mobile-01-properties-list')
  })

  await step('mobile-property-add-dialog', async () => {
    await a.getByRole('button', { name: 'Add Property' }).first().click()
    const dialog = a.getByTestId('property-form-dialog')
    await expect(dialog.getByRole('heading', { name: 'Add New Property' })).toBeVisible()
    await dialog.locator('#property-type-villa').click()
    await expect(dialog.getByTestId('type-specific-fields').getByText('Villa Size (sq.ft)')).toBeVisible()
    await dialog.locator('#property-price').fill('25000000')
    await expect(dialog.getByTestId('price-in-words')).toContainText('Two Crore Fifty Lakh Rupees')
    await check(a, 'property add dialog')
    await shotTall(a, 'market-mobile-02-property-add-dialog', dialog)
    await discardDialog(a) // the form holds input: closing asks first
  })

  await step('mobile-property-detail', async () => {
    await a.getByRole('button', { name: `View ${LISTING_1}`, exact: true }).click()
    const dialog = a.getByTestId('property-detail-dialog')
    await expect(dialog.getByRole('heading', { name: LISTING_1 })).toBeVisible()
    await check(a, 'property detail dialog')
    await shotTall(a, 'market-mobile-03-property-detail-dialog', dialog)
    await closeDialog(a)
  })

  const requirementCard = b.getByTestId('requirement-card').filter({ hasText: CLIENT })
  await step('mobile-requirements', async () => {
    await b.goto('/requirements')
    await expect(requirementCard).toBeVisible()
    await check(b, 'requirements')
    await shot(b, 'market-mobile-04-requirements-list')
  })

  await step('mobile-requirement-form', async () => {
    await b.getByRole('button', { name: 'Post Requirement' }).first().click()
    const dialog = b.getByRole('dialog')
    await expect(dialog.getByRole('heading', { name: 'Post Client Requirement' })).toBeVisible()
    await dialog.locator('#requirement-clientPhone').fill('98765')
    await dialog.getByTestId('requirement-submit').click()
    await expect(dialog.getByText('Phone number must be exactly 10 digits')).toBeVisible()
    await check(b, 'requirement form')
    await closeToasts(b)
    await shotTall(b, 'market-mobile-05-requirement-form-errors', dialog)
    await discardDialog(b) // the form holds input: closing asks first
  })

  await step('mobile-requirement-details', async () => {
    await requirementCard.getByRole('button', { name: 'View Details' }).click()
    const dialog = b.getByRole('dialog')
    await expect(dialog.getByRole('heading', { name: 'Requirement Details' })).toBeVisible()
    await check(b, 'requirement details dialog')
    await shotTall(b, 'market-mobile-06-requirement-details-dialog', dialog)
    await closeDialog(b)
  })

  await step('mobile-requirement-matches', async () => {
    await requirementCard.getByRole('button', { name: 'View Matches' }).click()
    const dialog = b.getByRole('dialog')
    await expect(dialog.getByRole('heading').first()).toBeVisible()
    await dialog.getByTestId('requirement-match').first().waitFor({ state: 'visible' }).catch(() => {})
    await check(b, 'requirement matches dialog')
    await shotTall(b, 'market-mobile-07-requirement-matches-dialog', dialog)
    await closeDialog(b)
  })

  await step('mobile-test-requirements', async () => {
    await b.goto('/test-requirements')
    await expect(b.getByTestId('test-requirements-list')).toContainText(CLIENT)
    await check(b, 'test-requirements')
    await shot(b, 'market-mobile-08-test-requirements')
  })

  await step('mobile-matches-buyer', async () => {
    const tab = await openMatches(b, 'buyer')
    await expectMatchCount(b, tab, 1)
    await check(b, 'matches buyer tab')
    await shot(b, 'market-mobile-09-matches-buyer-tab')
    await matchCards(b).first().getByRole('button', { name: 'Details' }).click()
    const dialog = b.getByRole('dialog')
    await expect(dialog.getByTestId('score-breakdown')).toBeVisible()
    await check(b, 'match details dialog')
    await shotTall(b, 'market-mobile-10-match-details-buyer', dialog)
    await closeDialog(b)
  })

  await step('mobile-matches-seller', async () => {
    const tab = await openMatches(a, 'seller')
    await expectMatchCount(a, tab, 1)
    await check(a, 'matches seller tab')
    await shot(a, 'market-mobile-11-matches-seller-tab')
    await matchCards(a).first().getByRole('button', { name: 'Details' }).click()
    const dialog = a.getByRole('dialog')
    await expect(dialog.getByTestId('score-breakdown')).toBeVisible()
    await shotTall(a, 'market-mobile-12-match-details-seller', dialog)
    await closeDialog(a)
    // The buyer tab of the seller is empty: the mobile empty text.
    await a.getByRole('tab', { name: /As Buyer Agent/ }).click()
    await expect(a.getByText(/^No buyer matches yet/)).toBeVisible()
    await shot(a, 'market-mobile-13-matches-seller-empty-buyer-tab')
  })

  await step('mobile-dashboard', async () => {
    await b.goto('/dashboard')
    await expect(b.getByTestId('dashboard-greeting')).toContainText(agentB.fullName)
    await check(b, 'dashboard')
    await shot(b, 'market-mobile-14-dashboard')
  })

  overflow.summary()
})
