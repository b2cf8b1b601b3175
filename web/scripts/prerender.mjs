// After `vite build`: writes the two prerendered pages the Go server answers instead of index.html,
// dist/landing.html for / and /landing and dist/auth.html for /auth. Each is dist/index.html with
// - the page's markup rendered in (src/prerender.tsx, built for SSR into node_modules/.cache),
//   which the page's entry hydrates: the landing page's own small entry (src/landing-main.tsx, found
//   in Vite's manifest), the app's for /auth;
// - the app's stylesheet inlined in a <style> element (no render-blocking request; the server gives
//   the element the page's CSP nonce);
// - no <link rel="modulepreload">: early high-priority script requests are counted by Lighthouse as
//   blocking the first paint (measured on /: FCP 2.6 s with them, 1.2 s without).
// The manifest is removed afterwards (it is not served). See docs/performance.md#landing-page.
import { readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { build } from 'vite'

const manifestPath = 'dist/.vite/manifest.json'
const manifest = JSON.parse(await readFile(manifestPath, 'utf8'))

/** The stylesheets an entry and its statically imported chunks bring, concatenated. */
async function stylesheetOf(key) {
  const files = new Set()
  const seen = new Set()
  ;(function visit(k) {
    if (seen.has(k)) return
    seen.add(k)
    for (const css of manifest[k].css ?? []) files.add(css)
    for (const imported of manifest[k].imports ?? []) visit(imported)
  })(key)
  let css = ''
  for (const file of files) css += await readFile(path.join('dist', file), 'utf8')
  if (css.includes('</style')) throw new Error('the stylesheet cannot be inlined: it contains </style')
  return css
}

// The app's stylesheet (one global Tailwind sheet), for both pages: the landing page's entry
// imports none (src/landing-main.tsx says why).
const css = await stylesheetOf('index.html')
if (!css) throw new Error(`${manifestPath}: the app's entry has no stylesheet`)

/** index.html with the entry `key`'s script, the stylesheet inlined and `markup` in #root. */
async function page(index, key, markup) {
  const entry = manifest[key]
  if (!entry?.isEntry) throw new Error(`${manifestPath} has no entry ${key}`)
  let html = index.replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
  const replace = (pattern, replacement, what) => {
    const before = html
    html = html.replace(pattern, () => replacement) // a function: no `$` patterns in the text
    if (html === before) throw new Error(`dist/index.html has no ${what}`)
  }
  replace(/\s*<link rel="stylesheet"[^>]*>/g, '', 'stylesheet link')
  replace(
    /<script type="module" crossorigin src="[^"]*"><\/script>/,
    `<script type="module" crossorigin src="/${entry.file}"></script>\n    <style>${css}</style>`,
    'module script',
  )
  // Style attributes (Radix adds a few) would break the CSP (style-src has no 'unsafe-inline') and
  // are dropped; hydration does not add them back, so none may matter (docs/performance.md).
  replace('<div id="root"></div>', `<div id="root">${markup.replace(/ style="[^"]*"/g, '')}</div>`, '<div id="root"></div>')
  return html
}

// Inside web/ so that the built module finds node_modules.
const out = path.resolve('node_modules/.cache/prerender')
try {
  await build({
    logLevel: 'warn',
    build: { ssr: 'src/prerender.tsx', outDir: out, emptyOutDir: true, copyPublicDir: false, manifest: false },
  })
  const { renderLanding, renderAuth } = await import(pathToFileURL(path.join(out, 'prerender.js')).href)
  const index = await readFile('dist/index.html', 'utf8')
  await writeFile('dist/landing.html', await page(index, 'src/landing-main.tsx', renderLanding()))
  await writeFile('dist/auth.html', await page(index, 'index.html', await renderAuth()))
} finally {
  await rm(out, { recursive: true, force: true })
  await rm('dist/.vite', { recursive: true, force: true })
}
