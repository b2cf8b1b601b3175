// Browser journeys: @playwright/test driving Debian's Chromium (never
// `npx playwright install`). Each test file starts its own server (lib/journey.mjs).
import { defineConfig } from '@playwright/test'
import { CHROMIUM_LAUNCH, DESKTOP, STEP_TIMEOUT_MS } from './lib/browser.mjs'

export default defineConfig({
  testDir: 'tests',
  outputDir: 'test-results',
  // The files share nothing (each has its own server and database), so two
  // run at once, one per core; a file's tests run in order in one worker.
  workers: 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 180_000,
  expect: { timeout: STEP_TIMEOUT_MS },
  reporter: [['list', { printSteps: !!process.env.E2E_STEP_TIMES }]],
  use: {
    browserName: 'chromium',
    headless: true,
    launchOptions: CHROMIUM_LAUNCH,
    ...DESKTOP,
    actionTimeout: STEP_TIMEOUT_MS,
    navigationTimeout: STEP_TIMEOUT_MS,
    // Actions, DOM snapshots, network and console of every context; not the
    // screencast (it made the journeys take about 40% more CPU).
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
  },
})
