// Issue 25 (polish-b), on the demo market (serve --demo), at 1280, 1024 and 390 px:
// the dashboard puts the agent's own work first and the advert last (item 3); phone layouts:
// even full-width hero buttons, My Properties' filters behind one button with the first listing
// in the first screen, the match card's four actions on one row, type tiles that never break
// mid-word (items 11, 15); the admin users list: phones formatted, Deactivate asks first (item 16).
import { signInThroughAPI } from '../lib/agents.mjs'
import { MOBILE, shot } from '../lib/browser.mjs'
import { expect, test } from '../lib/journey.mjs'

test.use({ serverArgs: ['--demo'] })
test.describe.configure({ mode: 'serial' })

const priya = { username: 'priya', password: 'PropMatch@Agent1' }
const admin = { username: 'admin', password: 'PropMatch@Admin1' }

/** The data-testid of each side card, in the order the page shows them. */
const sideOrder = (page) => page.getByTestId('dashboard-side').locator(':scope > *').evaluateAll((els) => els.map((e) => e.dataset.testid))

/** Whether each element's text is set on one line (a word broken mid-way takes two). */
const oneLine = (locator) =>
  locator.evaluateAll((els) =>
    els.map((e) => {
      const range = document.createRange()
      range.selectNodeContents(e)
      return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size === 1
    }),
  )

test('the dashboard puts the agent’s own work first at 1280 and 1024 px', async ({ page, step }) => {
  await signInThroughAPI(page, priya)
  for (const width of [1280, 1024]) {
    await step(`dashboard-${width}`, async () => {
      await page.setViewportSize({ width, height: 800 })
      await page.goto('/dashboard')
      await expect(page.getByTestId('dashboard-greeting')).toBeVisible()
      expect(await sideOrder(page)).toEqual(['new-matches-card', 'recent-messages-card', 'quick-actions-card', 'recommended-services-card'])
      // Nothing between the greeting and the marketplace: the advert does not push it down.
      const banner = await page.getByTestId('dashboard-banner').boundingBox()
      const market = await page.getByTestId('marketplace-card').boundingBox()
      expect(market.y - (banner.y + banner.height)).toBeLessThan(40)
      if (width === 1024) {
        // Two even columns of two cards: no half-empty column.
        const boxes = await page.getByTestId('dashboard-side').locator(':scope > *').evaluateAll((els) =>
          els.map((e) => e.getBoundingClientRect()).map((r) => ({ x: Math.round(r.x), y: Math.round(r.y) })),
        )
        expect(new Set(boxes.map((b) => b.x)).size).toBe(2)
        expect(boxes[0].y).toBe(boxes[1].y)
        expect(boxes[2].y).toBe(boxes[3].y)
      }
      await shot(page, `polish-dashboard-${width}`)
    })
  }
  await step('type-tiles-keep-their-words', async () => {
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.goto('/test-requirements')
    const labels = page.getByRole('radiogroup', { name: 'Property Type' }).locator('label span')
    await expect(labels).toHaveCount(5)
    expect(await oneLine(labels)).toEqual([true, true, true, true, true])
    await shot(page, 'polish-test-requirements-1280', { fullPage: false })
  })
})

test.describe('at phone width', () => {
  test.use(MOBILE)

  test('phone layouts: hero buttons, My Properties, match cards', async ({ page, step }) => {
    await signInThroughAPI(page, priya)
    await step('dashboard-390', async () => {
      await page.goto('/dashboard')
      await expect(page.getByTestId('dashboard-actions')).toBeVisible()
      const actions = page.getByTestId('dashboard-actions').locator(':scope > *')
      const widths = await actions.evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().width)))
      expect(widths).toHaveLength(3)
      expect(new Set(widths).size).toBe(1) // even
      expect(widths[0]).toBeGreaterThan(280) // full-width
      await shot(page, 'polish-dashboard-390', { fullPage: false })
    })
    await step('my-properties-390', async () => {
      await page.goto('/properties')
      const filters = page.getByTestId('property-filters')
      await expect(filters).toBeHidden()
      const card = page.getByTestId('property-card').first()
      await expect(card).toBeVisible()
      expect((await card.boundingBox()).y).toBeLessThan(844) // in the first screen
      await shot(page, 'polish-properties-390', { fullPage: false })
      await page.getByRole('button', { name: /^Filters/ }).click()
      await expect(filters).toBeVisible()
      await page.getByLabel('Listing type').selectOption('for_sale')
      await expect(page.getByRole('button', { name: 'Filters (1)' })).toBeVisible()
      await shot(page, 'polish-properties-filters-390', { fullPage: false })
    })
    await step('match-card-actions-390', async () => {
      await page.goto('/matches')
      const actions = page.getByTestId('match-actions').first()
      await expect(actions).toBeVisible()
      await expect(actions.locator(':scope > *')).toHaveCount(4)
      const tops = await actions.locator(':scope > *').evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().top)))
      expect(tops).toHaveLength(4)
      expect(new Set(tops).size).toBe(1) // WhatsApp on the same row
      await actions.scrollIntoViewIfNeeded()
      await shot(page, 'polish-match-card-390', { fullPage: false })
    })
  })

  test('the admin users list at 390 px', async ({ page, step }) => {
    await signInThroughAPI(page, admin)
    await step('admin-users-390', async () => {
      await page.goto('/admin')
      await page.getByRole('tab', { name: 'Users' }).click()
      await page.getByRole('searchbox').fill('priya')
      const row = page.getByTestId('admin-user-priya')
      await expect(row).toContainText('+91 98765 00002')
      await row.getByRole('button', { name: 'Deactivate' }).click()
      const confirm = page.getByRole('dialog', { name: 'Deactivate Priya Sharma?' })
      await expect(confirm).toContainText('signs Priya Sharma out on every device')
      await shot(page, 'polish-admin-deactivate-390', { fullPage: false })
      await confirm.getByRole('button', { name: 'Cancel' }).click()
      await expect(row.getByRole('button', { name: 'Deactivate' })).toBeVisible()
      await shot(page, 'polish-admin-users-390')
    })
  })
})
