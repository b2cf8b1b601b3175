// The system Chromium and what the journeys do with a browser context: the
// launch options, the phone device, the watch for Content-Security-Policy
// violations and uncaught page errors, screenshots, and a recorded window.open.
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export const SCREENSHOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'screenshots')

/** Per-action and per-expectation timeout. */
export const STEP_TIMEOUT_MS = 15_000

/** Debian's Chromium (no browser is downloaded), launched headless. */
export const CHROMIUM_LAUNCH = {
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  timeout: 30_000,
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-dev-shm-usage',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
  ],
}

/** Every context: 1280×800 unless a test says otherwise, Indian locale and time. */
export const DESKTOP = { viewport: { width: 1280, height: 800 }, locale: 'en-IN', timezoneId: 'Asia/Kolkata' }

/** A 390×844 phone (touch, mobile meta viewport): `test.use(MOBILE)` or `newContext(MOBILE)`. */
export const MOBILE = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 2,
  isMobile: true,
  hasTouch: true,
  userAgent:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Mobile Safari/537.36',
}

/**
 * Records into `seen` every Content-Security-Policy violation in context (the
 * page's securitypolicyviolation events and Chromium's console reports of them)
 * and every uncaught page error. Call before the context opens a page.
 */
export async function watchContext(context, seen) {
  await context.exposeBinding('__reportCspViolation', (_source, text) => seen.csp.push(text))
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      window.__reportCspViolation(
        `${e.effectiveDirective} blocked ${e.blockedURI || 'inline code'} at ${e.sourceFile || document.location.href}:${e.lineNumber}`,
      ),
    )
  })
  context.on('console', (msg) => {
    if (/Content[- ]Security[- ]Policy/i.test(msg.text())) seen.csp.push(`console: ${msg.text()}`)
  })
  context.on('weberror', (err) => seen.errors.push(err.error().message))
}

/** Saves a full-page PNG (or only the viewport with { fullPage: false }) as screenshots/<name>.png. */
export async function shot(page, name, { fullPage = true } = {}) {
  const file = path.join(SCREENSHOT_DIR, `${name.replace(/[^\w.-]+/g, '_')}.png`)
  await page.screenshot({ path: file, fullPage, animations: 'disabled' })
  return file
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

/** Horizontal overflow in px of the page, and of an open dialog's own content (0 when fine). */
export async function horizontalOverflow(page) {
  // A phone (isMobile) widens its layout viewport to fit content that is too wide, so
  // window.innerWidth can grow past the configured width: compare with the configured width.
  const width = page.viewportSize()?.width ?? null
  return page.evaluate((width) => {
    const dialog = document.querySelector('[role=dialog]')
    return Math.max(
      0,
      document.documentElement.scrollWidth - (width ?? window.innerWidth),
      dialog ? dialog.scrollWidth - dialog.clientWidth : 0,
    )
  }, width)
}

/**
 * What makes an open dialog (else the page) too wide: the innermost elements whose
 * min-content width exceeds the dialog's content box (text that cannot wrap, fixed
 * columns), with that width. Layout is measured by briefly setting width:min-content.
 */
export async function overflowCulprits(page) {
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
