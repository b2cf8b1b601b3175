// The resilient app and the fixes of issue 15, in a real browser: a page whose code fails to
// download recovers by itself (and, when it keeps failing, offers Reload); Back closes dialogs
// at phone width and asks before dropping unsaved input; 'Message' on a match opens an editable
// composer and sends once; the conversation list fits its pane at 1280 and 390 px; registration
// returns to a still-valid code after Change Number, leaves no stale toast and greets 'Welcome';
// the microcopy (agent search, one messages count, '/month'); one empty state everywhere; a
// non-admin leaves admin pages for /dashboard; /test-requirements only in development mode.
import { apiJson, newAgent, registerThroughAPI } from '../lib/agents.mjs'
import { MOBILE, shot } from '../lib/browser.mjs'
import { startServer } from '../lib/server.mjs'
import { atPath, expect, expectToast, test } from '../lib/journey.mjs'

test.describe.configure({ mode: 'serial' })

const seller = newAgent('res_s', 'Sunita Seller', 'seller', '1')
const buyer = newAgent('res_b', 'Balaji Buyer', 'buyer', '2')
const LISTING = '2 BHK Flat for Rent in Indiranagar'
const EDITED = 'Hello Sunita, my client can visit this Saturday. Is the flat still available?'

/** Seller lists a flat for rent; buyer posts a rent requirement that fits it (one match). */
async function seedMarket(sellerPage, buyerPage) {
  await registerThroughAPI(sellerPage, seller)
  await registerThroughAPI(buyerPage, buyer)
  await apiJson(sellerPage, 'POST', '/api/properties', {
    title: LISTING,
    propertyType: 'apartment',
    listingPurpose: 'for_rent',
    price: 45000,
    state: 'Karnataka',
    city: 'Bengaluru',
    locality: 'Indiranagar',
    bedrooms: 2,
    isActive: true,
  })
  await apiJson(buyerPage, 'POST', '/api/requirements', {
    clientName: 'Meera Iyer',
    clientPhone: '9845012345',
    propertyTypes: ['apartment'],
    listingPurpose: 'forRent',
    minPrice: 30000,
    maxPrice: 50000,
    preferredState: 'Karnataka',
    preferredCities: ['Bengaluru'],
  })
  // The match is made by a background worker: wait until the buyer sees it.
  await expect
    .poll(async () => (await apiJson(buyerPage, 'GET', '/api/matches?type=buyer')).length, { message: 'the match is made' })
    .toBe(1)
}

/** The element's box lies inside the container's box (horizontally). */
async function insideHorizontally(element, container) {
  const [a, b] = [await element.boundingBox(), await container.boundingBox()]
  return a.x >= b.x - 0.5 && a.x + a.width <= b.x + b.width + 0.5
}

// This journey is about contacts before billing (calls, WhatsApp, privacy): billing's leads
// and unlocks have their own journey (billing.test.mjs).
test.use({ serverEnv: { PROPMATCH_BILLING: 'off' } })

test('a chunk that fails to load recovers; fixes 3, 4 and 9 at 1280 px', async ({ newContext, step }) => {
  const sellerCtx = await newContext()
  const buyerCtx = await newContext()
  const sellerPage = await sellerCtx.newPage()
  const buyerPage = await buyerCtx.newPage()
  await step('seed', () => seedMarket(sellerPage, buyerPage))

  await step('chunk-fails-once-and-reloads-by-itself', async () => {
    await sellerPage.goto('/dashboard')
    await expect(sellerPage.getByTestId('dashboard-greeting')).toBeVisible()
    let failures = 0
    await sellerPage.route('**/assets/messages-page-*.js', async (route) => {
      if (failures++ === 0) await route.abort('connectionreset')
      else await route.continue()
    })
    await sellerPage
      .getByRole('navigation')
      .getByRole('link', { name: /^Messages/ })
      .first()
      .click()
    await expect(sellerPage.getByRole('heading', { name: 'Messages', exact: true })).toBeVisible()
    expect(failures, 'the chunk was requested again after the automatic reload').toBe(2)
    expect(await sellerPage.evaluate(() => sessionStorage.getItem('propmatch:chunk-reload-at'))).toMatch(/^\d+$/)
    await sellerPage.unroute('**/assets/messages-page-*.js')
    await shot(sellerPage, 'resilience-desktop-01-chunk-recovered')
  })

  await step('chunk-keeps-failing-offers-reload', async () => {
    await sellerPage.goto('/dashboard')
    await sellerPage.evaluate(() => sessionStorage.removeItem('propmatch:chunk-reload-at'))
    let failing = true
    await sellerPage.route('**/assets/network-page-*.js', (route) => (failing ? route.abort('connectionreset') : route.continue()))
    await sellerPage
      .getByRole('navigation')
      .getByRole('link', { name: /^Agent Network/ })
      .first()
      .click()
    // One automatic reload, then (failing again within the guard time) the Reload button: no loop.
    const fallback = sellerPage.getByTestId('chunk-error')
    await expect(fallback).toContainText('This page could not load')
    await expect(sellerPage, 'the reload landed on the page asked for').toHaveURL(atPath('/agents'))
    await expect(sellerPage.getByRole('navigation').first(), 'the shell stays usable').toBeVisible()
    await shot(sellerPage, 'resilience-desktop-02-chunk-reload-button')
    failing = false
    await fallback.getByRole('button', { name: 'Reload' }).click()
    await expect(sellerPage.getByRole('heading', { name: 'Agent Network', exact: true })).toBeVisible()
    await sellerPage.unroute('**/assets/network-page-*.js')
  })

  await step('font-is-self-hosted', async () => {
    const fontUrl = await sellerPage.evaluate(async () => {
      await document.fonts.ready
      const inter = [...document.fonts].find((f) => f.family.replace(/"/g, '') === 'Inter')
      return inter ? inter.status : 'missing'
    })
    expect(fontUrl, 'the Inter face is declared and loaded').toBe('loaded')
  })

  // Fixes 3, 4 and 9 at 1280 px.
  let posts = 0
  await step('message-opens-composer', async () => {
    await buyerPage.goto('/matches')
    const card = buyerPage.getByRole('tabpanel').getByTestId('match-card').first()
    await expect(card, 'rent is per month').toContainText('₹45,000/month')
    await card.getByRole('button', { name: 'Message' }).click()
    const composer = buyerPage.getByTestId('match-message-composer')
    const text = composer.getByTestId('match-message-text')
    await expect(text, 'prefilled with the professional message').toHaveValue(/^Hello Sunita Seller,/)
    await shot(buyerPage, 'resilience-desktop-03-composer', {
      fullPage: false,
    })
    await text.fill(EDITED)
    // Slow the send down so the disabled button can be seen, and count the posts.
    await buyerPage.route('**/api/messages', async (route) => {
      if (route.request().method() === 'POST') {
        posts++
        await new Promise((resolve) => setTimeout(resolve, 800))
      }
      await route.continue()
    })
    const send = composer.getByTestId('match-message-send')
    await send.click()
    await expect(send, 'disabled while sending').toBeDisabled()
    await send.click({ force: true }).catch(() => {}) // a second tap does nothing
    await expectToast(buyerPage, 'Message Sent')
    await expect(composer).toBeHidden()
    expect(posts, 'one message, however many taps').toBe(1)
    await buyerPage.unroute('**/api/messages')
  })

  await step('conversation-list-fits-1280', async () => {
    await sellerPage.goto('/messages')
    const row = sellerPage.getByTestId('conversation').first()
    await expect(row).toContainText('Balaji Buyer')
    const pane = sellerPage.getByRole('complementary', {
      name: 'Conversations',
    })
    const time = row.getByTestId('conversation-time')
    await expect(time).toBeVisible()
    expect(await insideHorizontally(time, pane), 'the timestamp is inside the pane').toBe(true)
    const preview = row.getByTestId('conversation-preview')
    expect(
      await preview.evaluate((el) => getComputedStyle(el).textOverflow === 'ellipsis' && el.scrollWidth > el.clientWidth),
      'a long preview ends in an ellipsis',
    ).toBe(true)
    await shot(sellerPage, 'resilience-desktop-04-conversations')
  })

  await step('one-messages-count-1280', async () => {
    await sellerPage.goto('/dashboard')
    const badge = sellerPage.getByRole('complementary').getByRole('link', { name: /^Messages/ })
    await expect(badge).toContainText('1')
  })

  await step('agent-search-copy', async () => {
    await sellerPage.goto('/agents')
    const search = sellerPage.getByLabel('Search agents')
    await expect(search).toHaveAttribute('placeholder', 'Search agents by name, city, state or type')
    await expect(sellerPage.getByText(/Currently showing agents in/)).toHaveCount(0)
  })

  await step('properties-per-month', async () => {
    await sellerPage.goto('/properties')
    await expect(sellerPage.getByTestId('property-list')).toContainText('₹45,000/month')
    await shot(sellerPage, 'resilience-desktop-05-rent-per-month')
  })
})

test.describe('at 390 px', () => {
  test.use(MOBILE)

  test('Back closes a dialog and asks before dropping unsaved input', async ({ page, step }) => {
    await step('sign-in', () => registerThroughAPI(page, newAgent('res_m', 'Manoj Mobile', 'both', '3')))
    await step('back-closes-add-property', async () => {
      await page.goto('/dashboard')
      await page.goto('/properties')
      await page
        .getByRole('button', { name: /Add Property/ })
        .first()
        .click()
      const dialog = page.getByTestId('property-form-dialog')
      await expect(dialog).toBeVisible()
      await shot(page, 'resilience-mobile-01-add-property-open', {
        fullPage: false,
      })
      await page.goBack()
      await expect(dialog).toBeHidden()
      await expect(page, 'Back closed the dialog and stayed on the page').toHaveURL(atPath('/properties'))
    })
    await step('unsaved-input-asks-first', async () => {
      await page
        .getByRole('button', { name: /Add Property/ })
        .first()
        .click()
      const dialog = page.getByTestId('property-form-dialog')
      await dialog.locator('#property-title').fill('Sea-facing 3 BHK in Bandra')
      await page.goBack()
      const confirm = page.getByTestId('confirm-discard')
      await expect(confirm).toContainText('Discard changes?')
      await shot(page, 'resilience-mobile-02-discard-question', {
        fullPage: false,
      })
      await confirm.getByRole('button', { name: 'Keep Editing' }).click()
      await expect(dialog.locator('#property-title')).toHaveValue('Sea-facing 3 BHK in Bandra')
      await page.goBack()
      await confirm.getByRole('button', { name: 'Discard' }).click()
      await expect(dialog).toBeHidden()
      await expect(page).toHaveURL(atPath('/properties'))
      // With no dialog open, Back leaves the page as usual.
      await page.goBack()
      await expect(page).toHaveURL(atPath('/dashboard'))
    })
    await step('back-closes-the-menu', async () => {
      await page.getByRole('button', { name: 'Open menu' }).click()
      await expect(page.getByRole('dialog')).toBeVisible()
      await page.goBack()
      await expect(page.getByRole('dialog')).toBeHidden()
      await expect(page).toHaveURL(atPath('/dashboard'))
    })
  })
})

test.describe('fixes at 390 px', () => {
  test.use(MOBILE)

  test('fix 4 and 9 at phone width: the list fits, and the tile counts as the sidebar', async ({ page, step }) => {
    // The seller's session, in a phone-sized context.
    await step('sign-in', async () => {
      await apiJson(page, 'POST', '/api/login', {
        username: seller.username,
        password: seller.password,
      })
    })
    await step('conversation-list-fits-390', async () => {
      await page.goto('/messages')
      const row = page.getByTestId('conversation').first()
      const time = row.getByTestId('conversation-time')
      await expect(time).toBeVisible()
      expect(await insideHorizontally(time, page.locator('body')), 'the timestamp is on screen').toBe(true)
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'no sideways scroll').toBe(true)
      await shot(page, 'resilience-mobile-03-conversations')
    })
    await step('tile-and-sidebar-agree', async () => {
      await page.goto('/dashboard')
      const tile = page.getByTestId('tile-count-messages')
      await expect(tile).toHaveText('1')
      await page.getByRole('button', { name: 'Open menu' }).click()
      await expect(page.getByRole('dialog').getByRole('link', { name: /^Messages/ })).toContainText('1')
      await shot(page, 'resilience-mobile-04-menu-count', { fullPage: false })
      await page.keyboard.press('Escape')
    })
  })
})

test('fix 5, 12 and 13: registration, empty states, admin pages', async ({ page, step }) => {
  const agent = { ...newAgent('res_r', 'Rekha Newcomer', 'both', '8') }
  let sends = 0
  page.on('request', (request) => {
    if (request.url().endsWith('/api/send-otp')) sends++
  })
  await step('change-number-and-back', async () => {
    await page.goto('/auth?tab=register')
    await page.getByLabel('WhatsApp Number').fill(agent.local)
    await page.getByTestId('send-otp').click()
    const otp = page.getByLabel('Verification Code')
    await expect(otp).toHaveValue(/^\d{6}$/)
    const code = await otp.inputValue()
    await page.getByRole('button', { name: 'Change Number' }).click()
    await expect(page.getByLabel('WhatsApp Number')).toHaveValue(/98765/)
    await page.getByTestId('send-otp').click()
    await expectToast(page, 'Your code is still valid')
    await expect(otp, 'the same, still-valid code').toHaveValue(code)
    await expect(page.getByTestId('resend-timer'), 'the resend wait continues').toHaveText(/Resend code in \d+s/)
    expect(sends, 'no second send for the same number').toBe(1)
    await shot(page, 'resilience-desktop-06-code-still-valid')
    await page.getByTestId('verify-otp').click()
  })
  await step('failed-then-registered', async () => {
    await expect(page.getByLabel('Full Name')).toBeVisible()
    await page.getByLabel('Full Name').fill(agent.fullName)
    await page.getByLabel('Username', { exact: true }).fill(seller.username) // taken
    await page.getByLabel('Password', { exact: true }).fill(agent.password)
    await page.getByLabel('State', { exact: true }).selectOption({ label: agent.state })
    await expect(page.getByLabel('City', { exact: true })).toBeEnabled()
    await page.getByLabel('City', { exact: true }).selectOption({ label: agent.city })
    await page.getByTestId('register-submit').click()
    await expectToast(page, 'Registration failed')
    await page.getByLabel('Username', { exact: true }).fill(agent.username)
    await page.getByTestId('register-submit').click()
    await expect(page).toHaveURL(atPath('/dashboard'))
    await expect(page.getByTestId('dashboard-greeting')).toHaveText(`Welcome, ${agent.fullName}`)
    await expect(page.getByText('Registration failed'), 'no stale failure toast').toHaveCount(0)
    await shot(page, 'resilience-desktop-07-welcome')
  })
  await step('empty-states', async () => {
    for (const [path, testId, action] of [
      ['/properties', 'properties-empty', 'Add Property'],
      ['/requirements', 'requirements-empty', 'Post Requirement'],
      ['/matches', 'empty-buyer', 'My Requirements'],
      ['/messages', 'conversations-empty', 'Find Agents'],
    ]) {
      await page.goto(path)
      const empty = page.getByTestId(testId)
      await expect(empty).toBeVisible()
      await expect(empty.locator('svg').first(), `${path}: an icon`).toBeVisible()
      await expect(empty.locator('p'), `${path}: one sentence`).toHaveCount(1)
      await expect(empty.getByRole('button').or(empty.getByRole('link')), `${path}: one action`).toHaveText([new RegExp(action)])
      await shot(page, `resilience-desktop-08-empty${path.replace('/', '-')}`)
    }
  })
  await step('non-admin-leaves-admin-page', async () => {
    await page.goto('/email-test')
    await expect(page.getByText('Access Denied', { exact: true })).toBeVisible()
    await page.getByRole('link', { name: 'Go to Dashboard' }).click()
    await expect(page).toHaveURL(atPath('/dashboard'))
    await expect(page.getByTestId('dashboard-greeting')).toHaveText(`Welcome back, ${agent.fullName}`)
  })
  await step('test-requirements-in-development', async () => {
    await page.goto('/test-requirements')
    await expect(page.getByTestId('requirement-form')).toBeVisible()
  })
})

test('fix 14: /test-requirements is Page Not Found in production mode', async ({ browser, step }) => {
  const server = await startServer({
    env: {
      PROPMATCH_ENV: 'production',
      PROPMATCH_PUBLIC_URL: 'http://127.0.0.1',
      PROPMATCH_SMTP_HOST: '127.0.0.1',
      PROPMATCH_SMTP_PORT: '2525',
      PROPMATCH_SMTP_FROM: 'noreply@example.com',
      PROPMATCH_SMTP_TLS: 'none',
      PROPMATCH_WHATSAPP_TOKEN: 'unused-in-this-test',
      PROPMATCH_WHATSAPP_PHONE_NUMBER_ID: '1',
      PROPMATCH_WHATSAPP_OTP_TEMPLATE: 'otp',
      PROPMATCH_BILLING: 'off', // production billing needs Razorpay's keys and a supplier; this test is not about it
    },
  })
  try {
    const context = await browser.newContext()
    const page = await context.newPage()
    await step('production-404', async () => {
      await page.goto(`${server.baseURL}/test-requirements`)
      await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible()
      await expect(page.getByTestId('requirement-form')).toHaveCount(0)
      await shot(page, 'resilience-desktop-09-test-requirements-production')
    })
    await context.close()
  } finally {
    await server.stop()
  }
})
