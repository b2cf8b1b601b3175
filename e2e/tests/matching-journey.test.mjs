// Background matching in a real browser (issue 11): a write returns before its
// matches exist, so seller agent A's new listing and buyer agent B's new
// requirement first show "Finding matches…", and then, without a reload, their
// match count, when the job has run and the live `matches` event (or, for a job
// that found none, the list's poll) arrives. The server holds each matching job
// back 5 s (PROPMATCH_MATCHING_DELAY, the burst-coalescing window), so that the
// pending state lasts long enough to be seen. Then the same at phone width.
import { apiJson, newAgent, registerThroughAPI, signInThroughAPI } from '../lib/agents.mjs'
import { MOBILE, shot } from '../lib/browser.mjs'
import { expect, overflowReport, test } from '../lib/journey.mjs'

test.describe.configure({ mode: 'serial' })
test.use({ serverEnv: { PROPMATCH_MATCHING_DELAY: '5s' } })

const agentA = newAgent('seller', 'Sita Seller', 'seller', '6')
const agentB = newAgent('buyer', 'Balu Buyer', 'buyer', '7')
const TITLE = '3 BHK Apartment in Whitefield'

const listing = (title) => ({
  title,
  propertyType: 'apartment',
  listingPurpose: 'for_sale',
  price: 7000000,
  state: 'Karnataka',
  city: 'Bengaluru',
  locality: 'Whitefield',
  bedrooms: 3,
})

const requirement = (clientName) => ({
  clientName,
  clientPhone: '9123456780',
  propertyTypes: ['apartment'],
  listingPurpose: 'forSale',
  minPrice: 6000000,
  maxPrice: 8000000,
  preferredState: 'Karnataka',
  preferredCities: ['Bengaluru'],
  preferredLocalities: 'Whitefield',
  minBedrooms: 3,
})

/** Marks the page's document; stillSameDocument() then proves no reload happened. */
async function markDocument(page) {
  await page.evaluate(() => {
    window.__matchingJourney = true
  })
}
async function stillSameDocument(page) {
  expect(await page.evaluate(() => window.__matchingJourney === true), 'the page was not reloaded').toBe(true)
}

const status = (card) => card.getByTestId('matching-status')

test('matching journey (desktop): pending, then the count, live', async ({ newContext, step }) => {
  const pageA = await (await newContext()).newPage()
  const pageB = await (await newContext()).newPage()
  await registerThroughAPI(pageA, agentA)
  await registerThroughAPI(pageB, agentB)

  const listingCard = pageA.getByTestId('property-card').filter({ hasText: TITLE })
  await step('listing-pending', async () => {
    const created = await apiJson(pageA, 'POST', '/api/properties', listing(TITLE))
    expect(created.matching, 'the create answers before matching').toBe('pending')
    await pageA.goto('/properties')
    await expect(status(listingCard)).toHaveAttribute('data-state', 'pending')
    await expect(status(listingCard)).toHaveText('Finding matches…')
    await markDocument(pageA)
    await shot(pageA, 'matching-desktop-01-listing-finding-matches')
  })

  await step('listing-done-without-matches', async () => {
    // No requirement fits yet: nobody is told, and the list's poll sees the job done.
    await expect(status(listingCard)).toHaveText('0 matches', {
      timeout: 20_000,
    })
    await stillSameDocument(pageA)
    await shot(pageA, 'matching-desktop-02-listing-no-matches-yet')
  })

  const requirementCard = pageB.getByTestId('requirement-card').filter({ hasText: 'Kiran Rao' })
  await step('requirement-pending', async () => {
    await pageB.goto('/requirements')
    await markDocument(pageB)
    await pageB.getByRole('button', { name: 'Post Requirement' }).first().click()
    const dialog = pageB.getByRole('dialog')
    await dialog.locator('#requirement-clientName').fill('Kiran Rao')
    await dialog.locator('#requirement-clientPhone').fill('9123456780')
    await dialog.locator('#requirement-type-apartment').click()
    await dialog.locator('#requirement-listingPurpose').selectOption('forSale')
    await dialog.locator('#requirement-minPrice').fill('6000000')
    await dialog.locator('#requirement-maxPrice').fill('8000000')
    await dialog.locator('#requirement-state').selectOption('Karnataka')
    await expect(dialog.locator('#requirement-city')).toBeEnabled()
    await dialog.locator('#requirement-city').selectOption('Bengaluru')
    await dialog.locator('#requirement-preferredLocalities').fill('Whitefield')
    await dialog.locator('#requirement-bedrooms').selectOption('3')
    await dialog.getByTestId('requirement-submit').click()
    await expect(dialog).toBeHidden()
    await expect(status(requirementCard)).toHaveText('Finding matches…')
    await shot(pageB, 'matching-desktop-03-requirement-finding-matches')
  })

  await step('requirement-matched-live', async () => {
    // The job stores the match and tells both agents on their live streams.
    await expect(status(requirementCard)).toHaveText('1 match', {
      timeout: 20_000,
    })
    await stillSameDocument(pageB)
    await shot(pageB, 'matching-desktop-04-requirement-one-match')
  })

  await step('listing-matched-live', async () => {
    await expect(status(listingCard)).toHaveText('1 match')
    await stillSameDocument(pageA)
    await shot(pageA, 'matching-desktop-05-listing-one-match')
  })
})

test('matching journey (phone): pending, then the count, live', async ({ newContext, step }) => {
  const overflow = overflowReport()
  const page = await (await newContext(MOBILE)).newPage()
  await signInThroughAPI(page, agentB)
  const card = page.getByTestId('requirement-card').filter({ hasText: 'Meena Iyer' })
  await step('mobile-requirement-pending', async () => {
    await apiJson(page, 'POST', '/api/requirements', requirement('Meena Iyer'))
    await page.goto('/requirements')
    await markDocument(page)
    await expect(status(card)).toHaveText('Finding matches…')
    await card.scrollIntoViewIfNeeded()
    await shot(page, 'matching-mobile-01-requirement-finding-matches', {
      fullPage: false,
    })
    await overflow.check(page, 'requirements (pending)')
  })
  await step('mobile-requirement-matched-live', async () => {
    await expect(status(card)).toHaveText('1 match', { timeout: 20_000 })
    await stillSameDocument(page)
    await shot(page, 'matching-mobile-02-requirement-one-match', {
      fullPage: false,
    })
  })
  overflow.summary()
})
