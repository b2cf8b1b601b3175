// The JavaScript a first visit to a page downloads before it can draw, compressed as the server
// sends it: the entry chunk, the page's chunk and every chunk they import statically (lazy imports
// are not followed). Run after `npm run build`:
//   node scripts/first-load.mjs dashboard-page   (the chunk name without its hash)
//   node scripts/first-load.mjs --entry landing  (the landing page's own entry, for / and /landing)
// See docs/performance.md#web-bundle.
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'

const assets = path.resolve(import.meta.dirname, '..', 'dist', 'assets')
const files = fs.readdirSync(assets).filter((f) => f.endsWith('.js'))
const chunk = (name) => {
  const file = files.find((f) => f.startsWith(`${name}-`) && /^[\w-]{8}\.js$/.test(f.slice(name.length + 1)))
  if (!file) throw new Error(`no chunk named ${name} in ${assets}`)
  return file
}

const seen = new Set()
function visit(file) {
  if (seen.has(file)) return
  seen.add(file)
  const source = fs.readFileSync(path.join(assets, file), 'utf8')
  for (const match of source.matchAll(/(?:import|from)\s*["']\.\/([^"']+\.js)["']/g)) visit(match[1])
}
const args = process.argv.slice(2)
const entry = args[0] === '--entry' ? args.splice(0, 2)[1] : 'index'
for (const name of [entry, ...args]) visit(chunk(name))

let total = 0
for (const file of [...seen].sort()) {
  const size = zlib.gzipSync(fs.readFileSync(path.join(assets, file))).length
  total += size
  console.log(`${(size / 1000).toFixed(2).padStart(8)} kB  ${file}`)
}
console.log(`${(total / 1000).toFixed(2).padStart(8)} kB  total (gzip)`)
