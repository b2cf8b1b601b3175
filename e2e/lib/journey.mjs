// The journeys' `test`: Playwright's, where every test file gets its own fresh
// server (baseURL points at it), every browser context of a test is watched, and
// a test fails on any Content-Security-Policy violation or uncaught page error.
import { expect, test as base } from '@playwright/test'
import { horizontalOverflow, overflowCulprits, watchContext } from './browser.mjs'
import { startServer } from './server.mjs'

export { expect }

/** The test file this worker runs now (one at a time) and its server. */
let current = null

/** The server of `file`: a fresh one (new SQLite database, free port) for each test file, with `env` and `args` added. */
async function serverFor(file, { env, args } = {}) {
  if (current?.file !== file) {
    await current?.server.stop()
    current = { file, server: await startServer({ env, args }) }
  }
  return current.server
}

export const test = base.extend({
  /** Environment variables for the file's server: `test.use({ serverEnv: { ... } })` at the top of a file. */
  serverEnv: [{}, { option: true }],

  /** Extra `serve` flags of the file's server, e.g. test.use({ serverArgs: ['--demo'] }). */
  serverArgs: [[], { option: true }],

  baseURL: async ({ serverEnv, serverArgs }, use, testInfo) => {
    await use((await serverFor(testInfo.file, { env: serverEnv, args: serverArgs })).baseURL)
  },

  /** The test file's server itself (baseURL, dataDir, logs), for commands run against its database. */
  server: async ({ serverEnv, serverArgs }, use, testInfo) => {
    await use(await serverFor(testInfo.file, { env: serverEnv, args: serverArgs }))
  },

  /** Stops the last file's server when the worker ends. */
  serverCleanup: [
    async ({}, use) => {
      await use()
      await current?.server.stop()
      current = null
    },
    { scope: 'worker', auto: true },
  ],

  /** What the test's contexts broke: CSP violations and uncaught page errors; both must stay empty. */
  trouble: async ({}, use) => {
    const seen = { csp: [], errors: [] }
    await use(seen)
    expect(seen.csp, 'the pages broke the Content-Security-Policy').toEqual([])
    expect(seen.errors, 'uncaught errors in the pages').toEqual([])
  },

  context: async ({ context, trouble }, use) => {
    await watchContext(context, trouble)
    await use(context)
  },

  /** Opens another watched context (the test's options, then `options`); closed after the test. */
  newContext: async ({ browser, trouble }, use) => {
    const opened = []
    await use(async (options = {}) => {
      const context = await browser.newContext(options)
      opened.push(context)
      await watchContext(context, trouble)
      return context
    })
    await Promise.all(opened.map((context) => context.close()))
  },

  /** test.step that also fails as soon as a page of the test has broken the policy. */
  step: async ({ trouble }, use) => {
    await use((name, body) =>
      test.step(name, async () => {
        const result = await body()
        expect(trouble.csp, 'the pages broke the Content-Security-Policy').toEqual([])
        return result
      }),
    )
  },
})

/** A predicate for expect(page).toHaveURL(): the path is `expected` (a string or RegExp). */
export function atPath(expected) {
  return (url) => (expected instanceof RegExp ? expected.test(url.pathname) : url.pathname === expected)
}

/** Waits for a toast containing every fragment. */
export async function expectToast(page, ...fragments) {
  const toast = page.getByTestId('toast').filter({ hasText: fragments[0] }).first()
  await expect(toast).toBeVisible()
  for (const fragment of fragments.slice(1)) await expect(toast).toContainText(fragment)
}

/** Reports a finding that does not fail the test (printed, and kept as an annotation). */
export function diagnostic(text) {
  test.info().annotations.push({ type: 'diagnostic', description: text })
  console.log(`# ${text}`)
}

/**
 * Horizontal overflow found at phone width, reported as diagnostics (it does not
 * fail the test): check(page, name) after each page, summary() at the end.
 */
export function overflowReport() {
  const found = {}
  return {
    async check(page, name) {
      const px = await horizontalOverflow(page)
      if (px === 0) return
      found[name] = px
      const width = page.viewportSize()?.width
      diagnostic(`horizontal overflow of ${px}px on ${name} at ${width}px; widest: ${JSON.stringify(await overflowCulprits(page))}`)
    },
    summary() {
      if (Object.keys(found).length) diagnostic(`overflow summary: ${JSON.stringify(found)}`)
    },
  }
}
