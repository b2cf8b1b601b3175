// After `vite build`: renders the landing page's markup (src/prerender.tsx, built for SSR into
// node_modules/.cache) into a copy of dist/index.html, dist/landing.html, which the Go server
// answers for / and /landing. See docs/performance.md#landing-page.
import { readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { build } from 'vite'

// Inside web/ so that the built module finds node_modules.
const out = path.resolve('node_modules/.cache/prerender')
try {
  await build({ logLevel: 'warn', build: { ssr: 'src/prerender.tsx', outDir: out, emptyOutDir: true, copyPublicDir: false } })
  const { render } = await import(pathToFileURL(path.join(out, 'prerender.js')).href)
  const index = await readFile('dist/index.html', 'utf8')
  const root = '<div id="root"></div>'
  if (!index.includes(root)) throw new Error(`dist/index.html has no ${root}`)
  await writeFile('dist/landing.html', index.replace(root, `<div id="root">${render()}</div>`))
} finally {
  await rm(out, { recursive: true, force: true })
}
