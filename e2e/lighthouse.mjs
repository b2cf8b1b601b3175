// Lighthouse (mobile preset: emulated phone, slow 4G, 4x CPU slowdown) against a served build with
// the demo data, for / and /auth. Fails below performance 95, accessibility 100 or SEO 95.
//   make build && cd e2e && node lighthouse.mjs     (or: make lighthouse)
// Uses the Debian Chromium (CHROME_PATH, default /usr/bin/chromium) and lighthouse from npm.
import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { startServer } from './lib/server.mjs'

const run = promisify(execFile)
const LIGHTHOUSE = 'lighthouse@12.8.2'
const PAGES = ['/', '/auth']
const MIN = { performance: 95, accessibility: 100, seo: 95 }

const server = await startServer({ args: ['--demo'] })
const out = await mkdtemp(path.join(os.tmpdir(), 'propmatch-lighthouse-'))
let failed = false
try {
  for (const page of PAGES) {
    const report = path.join(out, `${page === '/' ? 'landing' : page.slice(1)}.json`)
    await run(
      'npx',
      [
        '--yes',
        LIGHTHOUSE,
        server.baseURL + page,
        '--only-categories=performance,accessibility,seo',
        '--output=json',
        `--output-path=${report}`,
        '--chrome-flags=--headless=new --no-sandbox --disable-gpu',
        '--quiet',
      ],
      { env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH || '/usr/bin/chromium' }, maxBuffer: 64 << 20 },
    )
    const lhr = JSON.parse(await readFile(report, 'utf8'))
    const scores = Object.fromEntries(Object.keys(MIN).map((k) => [k, Math.round(lhr.categories[k].score * 100)]))
    const metrics = ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift']
      .map((id) => `${id.replace(/-/g, ' ')} ${lhr.audits[id].displayValue}`)
      .join(', ')
    const low = Object.entries(MIN).filter(([k, min]) => scores[k] < min)
    console.log(`${page}: performance ${scores.performance}, accessibility ${scores.accessibility}, SEO ${scores.seo} (${metrics})`)
    for (const [k] of low) {
      failed = true
      const audits = lhr.categories[k].auditRefs
        .map((ref) => lhr.audits[ref.id])
        .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode !== 'informative')
        .map((a) => `    - ${a.title}${a.displayValue ? ` (${a.displayValue})` : ''}`)
      console.log(`  ${k} is below ${MIN[k]}:\n${audits.join('\n')}`)
    }
  }
} finally {
  await server.stop()
  await rm(out, { recursive: true, force: true })
}
process.exit(failed ? 1 : 0)
