// The public API reference (issue 23): /api/docs renders the public OpenAPI document with the
// self-hosted Redoc, inside the page's CSP (the fixtures fail the test on any violation or page
// error), and the browser requests nothing from another origin: no web font, no CDN. Internal
// operations (admin, development) are not in it. Every public operation carries examples of its
// request and answer (docs/examples_test.go); one is opened here, its answer expanded, and its
// samples read. Screenshots at 1280 px and 390 px.
import { MOBILE, horizontalOverflow, shot } from '../lib/browser.mjs'
import { expect, test } from '../lib/journey.mjs'

/** Records every request the page's context makes that is not to baseURL's origin. */
function watchOrigins(context, baseURL) {
  const origin = new URL(baseURL).origin
  const seen = { all: 0, elsewhere: [] }
  context.on('request', (r) => {
    const url = new URL(r.url())
    if (url.protocol === 'data:' || url.protocol === 'blob:') return // made in the page, not fetched
    seen.all++
    if (url.origin !== origin) seen.elsewhere.push(r.url())
  })
  return seen
}

/**
 * Opens PATCH /api/requirements/{id} in the reference, expands its 200 answer, and checks that
 * the request and response samples show the file's examples (not samples Redoc made up from the
 * schemas). Returns the operation's section.
 */
async function openExample(page) {
  const section = page.locator('[data-section-id="tag/requirements/operation/updateRequirement"]')
  const heading = section.getByRole('heading', { level: 2, name: /Edit one of the caller's requirements/ })
  await heading.scrollIntoViewIfNeeded()
  await expect(heading).toBeVisible()
  // Success answers start expanded (expandResponses: '200,201'); expand it if a change of that
  // setting closed it, and its schema shows.
  const answer = section.getByRole('button', { name: /^200/ })
  if ((await answer.getAttribute('aria-expanded')) !== 'true') await answer.click()
  await expect(answer).toHaveAttribute('aria-expanded', 'true')
  await expect(section.getByText('Request samples')).toBeVisible()
  await expect(section.getByText('Response samples')).toBeVisible()
  // The request example is {"maxPrice": 8500000, "timeline": "immediate"}; the answer's is the
  // requirement as saved, for the client Ramesh Kumar.
  await expect(section.getByText('"immediate"').first()).toBeVisible()
  await expect(section.getByText('"Ramesh Kumar"').first()).toBeAttached()
  return section
}

/**
 * Opens /api/docs and waits for the reference to render. Redoc lays out every public operation
 * at once (about 220 kB of document, examples included) in one long task: a few seconds on an idle
 * machine, but about 30 s on a loaded 2-core one, both with and without the examples; hence the
 * longer wait for this one heading.
 */
async function openReference(page) {
  await page.goto('/api/docs')
  await expect(page.getByRole('heading', { level: 1, name: /PropMatch API/ })).toBeVisible({ timeout: 90_000 })
  await expect(page.getByRole('heading', { level: 2, name: /Send a 6-digit verification code/ })).toBeAttached()
}

test('the API reference renders from our own origin only', async ({ page, context, baseURL, step }) => {
  const seen = watchOrigins(context, baseURL)
  await step('reference-renders', async () => {
    await openReference(page)
    await expect(page.getByRole('heading', { level: 2, name: /Edit one of the caller's requirements/ })).toBeAttached()
    // Internal operations are not in the public document.
    await expect(page.getByText('Captured emails and WhatsApp messages')).toHaveCount(0)
    await expect(page.getByText('Every account, newest first, searchable')).toHaveCount(0)
  })
  await step('search-runs-in-its-worker', async () => {
    const search = page.getByPlaceholder('Search...')
    await search.fill('requirement')
    await expect(page.locator('[data-role="search:results"] li, [role="search"] ~ * li').first()).toBeVisible()
    await search.fill('')
  })
  await step('api-docs-1280', async () => {
    await page.mouse.move(0, 0)
    await shot(page, 'api-docs-1280', { fullPage: false })
  })
  await step('api-docs-example-1280', async () => {
    const section = await openExample(page)
    await section.getByRole('heading', { level: 2 }).first().evaluate((el) => el.scrollIntoView({ block: 'start' }))
    await page.mouse.move(0, 0)
    await shot(page, 'api-docs-example-1280', { fullPage: false })
  })
  await step('nothing-left-the-origin', async () => {
    expect(seen.all).toBeGreaterThan(2)
    expect(seen.elsewhere).toEqual([])
  })
})

test.describe('at phone width', () => {
  test.use(MOBILE)

  test('the API reference fits a phone', async ({ page, context, baseURL, step }) => {
    const seen = watchOrigins(context, baseURL)
    await step('api-docs-390', async () => {
      await openReference(page)
      expect(await horizontalOverflow(page)).toBe(0)
      await shot(page, 'api-docs-390', { fullPage: false })
      expect(seen.elsewhere).toEqual([])
    })
    await step('api-docs-example-390', async () => {
      const section = await openExample(page)
      await section.getByText('Request samples').evaluate((el) => el.scrollIntoView({ block: 'start' }))
      expect(await horizontalOverflow(page)).toBe(0)
      await shot(page, 'api-docs-example-390', { fullPage: false })
      expect(seen.elsewhere).toEqual([])
    })
  })
})
