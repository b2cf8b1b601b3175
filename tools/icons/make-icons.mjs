// Renders the favicon set and the social preview image from web/public/favicon.svg with the
// system Chromium (no downloads). Run from e2e/ (which has Playwright):
//   cd e2e && node ../tools/icons/make-icons.mjs
// and commit the PNGs it writes into web/public.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const require = createRequire(join(process.cwd(), 'package.json'))
const { chromium } = require('@playwright/test')

const publicDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'web', 'public')
const svg = readFileSync(join(publicDir, 'favicon.svg'), 'utf8')

const icons = [
  { file: 'favicon-32.png', size: 32, radius: true },
  { file: 'apple-touch-icon.png', size: 180, radius: false },
  { file: 'icon-192.png', size: 192, radius: true },
  { file: 'icon-512.png', size: 512, radius: true },
]

const ogPage = `<!doctype html><html><body style="margin:0">
<div style="width:1200px;height:630px;display:flex;flex-direction:column;justify-content:center;gap:28px;padding:0 96px;box-sizing:border-box;
  background:linear-gradient(135deg,#1e40af,#3730a3);color:#fff;font-family:system-ui,sans-serif">
  <div style="display:flex;align-items:center;gap:20px">
    <div style="width:96px;height:96px">${svg.replace('<svg ', '<svg width="96" height="96" ')}</div>
    <div style="font-size:56px;font-weight:800">PropMatch</div>
  </div>
  <div style="font-size:64px;font-weight:800;letter-spacing:-1px">Post. Match. Connect. Grow.</div>
  <div style="font-size:30px;opacity:.9">The B2B platform for property agents in India · We build Families</div>
</div></body></html>`

const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH || '/usr/bin/chromium' })
try {
  const page = await browser.newPage()
  for (const { file, size, radius } of icons) {
    // The apple-touch icon is square (iOS rounds it); the others keep the SVG's rounded corners.
    const body = radius ? svg : svg.replace('rx="7"', 'rx="0"')
    await page.setViewportSize({ width: size, height: size })
    await page.setContent(
      `<html><body style="margin:0;background:transparent">${body.replace('<svg ', `<svg width="${size}" height="${size}" `)}</body></html>`,
    )
    await page.screenshot({ path: join(publicDir, file), omitBackground: true })
  }
  await page.setViewportSize({ width: 1200, height: 630 })
  await page.setContent(ogPage)
  await page.screenshot({ path: join(publicDir, 'og-image.png') })
} finally {
  await browser.close()
}
