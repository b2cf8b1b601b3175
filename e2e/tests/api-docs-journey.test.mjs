// The public API reference (issue 23): /api/docs renders the public OpenAPI document with the
// self-hosted Redoc, inside the page's CSP (the fixtures fail the test on any violation or page
// error), and the browser requests nothing from another origin: no web font, no CDN. Internal
// operations (admin, development) are not in it. Screenshots at 1280 px and 390 px.
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

/** Opens /api/docs and waits for the reference to render. */
async function openReference(page) {
  await page.goto('/api/docs')
  await expect(page.getByRole('heading', { level: 1, name: /PropMatch API/ })).toBeVisible()
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
  })
})
