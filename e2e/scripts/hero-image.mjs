// Makes the landing page's hero picture from the app itself (issue 25): starts the built binary with
// the demo market, signs in as the demo seller agent (priya), opens /dashboard at 1280×800 in Chromium
// and writes the screenshot, re-encoded as WebP by Chromium's own encoder, to
// web/public/hero-dashboard.webp. Run by `make hero-image` after a build; the image is committed, so
// a build needs no browser. Usage: PROPMATCH_BIN=../bin/propmatch node scripts/hero-image.mjs
import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { chromium } from '@playwright/test'
import { CHROMIUM_LAUNCH, DESKTOP } from '../lib/browser.mjs'
import { signInThroughAPI } from '../lib/agents.mjs'
import { startServer } from '../lib/server.mjs'

const out = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'web', 'public', 'hero-dashboard.webp')
// The width the landing page shows it at is about 560 CSS px: 1120 pixels serve a 2× screen.
const WIDTH = 1120
const QUALITY = 0.78

const server = await startServer({ args: ['--demo'] })
const browser = await chromium.launch(CHROMIUM_LAUNCH)
try {
  const context = await browser.newContext({ ...DESKTOP, baseURL: server.baseURL, reducedMotion: 'reduce' })
  const page = await context.newPage()
  await signInThroughAPI(page, { username: 'priya', password: 'PropMatch@Agent1' })
  await page.goto('/dashboard')
  await page.getByTestId('dashboard-greeting').waitFor()
  await page.getByTestId('new-match').first().waitFor()
  await page.getByTestId('marketplace-card').getByRole('listitem').first().waitFor()
  await page.waitForLoadState('networkidle')
  const png = await page.screenshot({ type: 'png' })
  // Scale and encode in the page: a canvas's WebP encoder, no image library needed.
  const webp = await page.evaluate(
    async ({ data, width, quality }) => {
      const img = new Image()
      img.src = `data:image/png;base64,${data}`
      await img.decode()
      const canvas = document.createElement('canvas')
      canvas.width = width
      canvas.height = Math.round((img.height * width) / img.width)
      const g = canvas.getContext('2d')
      g.imageSmoothingQuality = 'high'
      g.drawImage(img, 0, 0, canvas.width, canvas.height)
      const url = canvas.toDataURL('image/webp', quality)
      return { data: url.slice(url.indexOf(',') + 1), width: canvas.width, height: canvas.height }
    },
    { data: png.toString('base64'), width: WIDTH, quality: QUALITY },
  )
  const bytes = Buffer.from(webp.data, 'base64')
  await writeFile(out, bytes)
  console.log(`wrote ${path.relative(process.cwd(), out)}: ${webp.width}×${webp.height}, ${(bytes.length / 1024).toFixed(1)} KiB`)
} finally {
  await browser.close()
  await server.stop()
}
