// Small polling assertions (playwright-core ships no `expect`).
import assert from 'node:assert/strict'
import { STEP_TIMEOUT_MS } from './browser.mjs'

const sleep = (ms) => new Promise((r) => setTimeout(r, ms))

/** Polls `fn` until it returns a truthy value; throws `message` after `timeout`. */
export async function eventually(fn, message, timeout = STEP_TIMEOUT_MS) {
  const deadline = Date.now() + timeout
  let last
  for (;;) {
    try {
      const value = await fn()
      if (value) return value
      last = value
    } catch (err) {
      last = err
    }
    if (Date.now() > deadline) {
      const detail = last instanceof Error ? last.message : JSON.stringify(last)
      throw new assert.AssertionError({ message: `${message} (timed out after ${timeout} ms; last: ${detail})` })
    }
    await sleep(100)
  }
}

/** Waits for the page's path (pathname + search, no origin) to match. */
export async function expectPath(page, expected, timeout = STEP_TIMEOUT_MS) {
  const matches = (p) => (expected instanceof RegExp ? expected.test(p) : p === expected)
  await eventually(
    () => {
      const u = new URL(page.url())
      return matches(u.pathname) || matches(u.pathname + u.search)
    },
    `expected path ${expected}, page is at ${page.url()}`,
    timeout,
  )
}

/** Waits until the locator is visible. */
export async function expectVisible(locator, timeout = STEP_TIMEOUT_MS) {
  await locator.first().waitFor({ state: 'visible', timeout })
}

/** Waits until the locator's text matches. */
export async function expectText(locator, expected, timeout = STEP_TIMEOUT_MS) {
  let text = ''
  await eventually(
    async () => {
      text = (await locator.first().textContent({ timeout: 1_000 })) ?? ''
      return expected instanceof RegExp ? expected.test(text) : text.includes(expected)
    },
    `expected text ${expected}, got ${JSON.stringify(text)}`,
    timeout,
  )
  return text
}

/** Waits for a toast whose text contains every given fragment; returns its text. */
export async function expectToast(page, ...fragments) {
  const toast = page.getByTestId('toast').filter({ hasText: fragments[0] })
  await expectVisible(toast)
  const text = (await toast.first().innerText()).replace(/\s+/g, ' ')
  for (const f of fragments) assert.ok(text.includes(f), `toast ${JSON.stringify(text)} should contain ${JSON.stringify(f)}`)
  return text
}
