// Chromium via playwright-core (no browser download: the system Chromium is used).
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium } from 'playwright-core'

export const SCREENSHOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'screenshots')

/** Per-step timeout for actions and expectations. */
export const STEP_TIMEOUT_MS = 15_000

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
]

export async function launchBrowser() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
    timeout: 30_000,
  })
}

/** Content-Security-Policy violations seen so far, per context. */
const violations = new Map()

/**
 * Records every Content-Security-Policy violation in context: the page's
 * securitypolicyviolation events and Chromium's console reports of them.
 */
async function watchCsp(context) {
  const seen = []
  violations.set(context, seen)
  await context.exposeBinding('__reportCspViolation', (_source, text) => seen.push(text))
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      window.__reportCspViolation(
        `${e.effectiveDirective} blocked ${e.blockedURI || 'inline code'} at ${e.sourceFile || document.location.href}:${e.lineNumber}`,
      ),
    )
  })
  context.on('console', (msg) => {
    if (/Content[- ]Security[- ]Policy/i.test(msg.text())) seen.push(`console: ${msg.text()}`)
  })
}

/** Every CSP violation recorded in the contexts of this test file. */
export function cspViolations() {
  return [...violations.values()].flat()
}

/** Throws when page's context has recorded a CSP violation: the journeys run with the policy enforced. */
export function assertNoCspViolations(page) {
  const seen = violations.get(page.context()) ?? []
  if (seen.length > 0) throw new Error(`Content-Security-Policy violations:\n${seen.join('\n')}`)
}

async function withDefaults(context) {
  context.setDefaultTimeout(STEP_TIMEOUT_MS)
  context.setDefaultNavigationTimeout(STEP_TIMEOUT_MS)
  await watchCsp(context)
  return context
}

/** A 1280×800 desktop context. */
export async function desktopContext(browser, baseURL) {
  return withDefaults(
    await browser.newContext({ baseURL, viewport: { width: 1280, height: 800 }, locale: 'en-IN', timezoneId: 'Asia/Kolkata' }),
  )
}

/** A 390×844 phone context (touch, mobile meta viewport). */
export async function mobileContext(browser, baseURL) {
  return withDefaults(
    await browser.newContext({
      baseURL,
      viewport: { width: 390, height: 844 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
      locale: 'en-IN',
      timezoneId: 'Asia/Kolkata',
      userAgent:
        'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36',
    }),
  )
}

/** Saves a full-page PNG (or only the viewport with { fullPage: false }) as screenshots/<name>.png and returns its path. */
export async function shot(page, name, { fullPage = true } = {}) {
  mkdirSync(SCREENSHOT_DIR, { recursive: true })
  const file = path.join(SCREENSHOT_DIR, `${name.replace(/[^\w.-]+/g, '_')}.png`)
  await page.screenshot({ path: file, fullPage, animations: 'disabled', timeout: STEP_TIMEOUT_MS })
  return file
}

/**
 * Runs one named step; on failure, a CSP violation included, saves
 * screenshots/FAILED-<name>.png (best effort) and rethrows with the step name in the message.
 */
export async function step(page, name, fn) {
  const started = Date.now()
  try {
    const result = await fn()
    assertNoCspViolations(page)
    if (process.env.E2E_STEP_TIMES) process.stderr.write(`# step ${name}: ${Date.now() - started} ms\n`)
    return result
  } catch (err) {
    try {
      await shot(page, `FAILED-${name}`)
    } catch {
      // the page may be gone; the original error matters more
    }
    err.message = `[step ${name}] ${err.message}`
    throw err
  }
}

/**
 * A viewport screenshot of an open dialog (or any fixed overlay) `scroller`: when
 * the element scrolls on its own, the viewport is first stretched so that it fits
 * whole, and restored afterwards. (A full-page shot of a scrolled page draws fixed
 * and sticky parts at the scroll offset, so this one stays at viewport size.)
 */
export async function shotTall(page, name, scroller) {
  const viewport = page.viewportSize()
  const needed = await scroller.first().evaluate((el) => {
    const extra = el.scrollHeight - el.clientHeight
    return Math.ceil(window.innerHeight + Math.max(0, extra))
  })
  if (!viewport || needed <= viewport.height) return shot(page, name, { fullPage: false })
  await page.setViewportSize({ width: viewport.width, height: Math.min(needed + 16, 6000) })
  try {
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))))
    return await shot(page, name, { fullPage: false })
  } finally {
    await page.setViewportSize(viewport)
  }
}

/**
 * Records window.open calls in every page of the context instead of opening
 * anything (tel: and wa.me links must not leave the test): read them back with
 * openedUrls(page).
 */
export async function recordWindowOpen(context) {
  await context.addInitScript(() => {
    window.__openedUrls = []
    window.open = (url, target, features) => {
      window.__openedUrls.push({ url: String(url), target: target ?? null, features: features ?? null })
      return null
    }
  })
}

/** The window.open calls recorded by recordWindowOpen, oldest first. */
export async function openedUrls(page) {
  return page.evaluate(() => window.__openedUrls ?? [])
}
