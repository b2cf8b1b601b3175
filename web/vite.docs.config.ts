/// <reference types="vitest/config" />
import { fileURLToPath, URL } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'

// Two changes to Redoc's prebuilt browser bundle, each made by exact text and failing the build
// when the text is not there (a new Redoc version: check again, the API reference journey tells):
// - its sidebar's "API docs by Redocly" logo is an <img> from cdn.redoc.ly, a third-party request;
//   `data:,` is no image, so the logo hides itself (its onError) and the link's text stays;
// - its bundled style-loader adds <style> elements when the module loads, with the nonce of
//   its own webpack runtime (`nc`), set only later from Redoc's `nonce` option; it starts from
//   the page's nonce instead, which src/docs-nonce.ts sets before Redoc's module runs.
const patches: [string, string][] = [
  ['"https://cdn.redoc.ly/redoc/logo-mini.svg"', '"data:,"'],
  ['r.nc=void 0;', 'r.nc=window.__webpack_nonce__;'],
]

function selfContainedRedoc(): Plugin {
  return {
    name: 'self-contained-redoc',
    transform(code, id) {
      if (!id.includes('/redoc/bundles/')) return null
      for (const [from, to] of patches) {
        if (code.split(from).length !== 2) throw new Error(`${id}: expected "${from}" once; see vite.docs.config.ts`)
        code = code.replace(from, to)
      }
      return { code, map: null }
    },
  }
}

// The API reference page (docs.html, served at /api/docs) is built on its own, after the app,
// into the same dist/ (without emptying it): Redoc and its libraries never enter the app's
// chunks or manifest. See docs/decisions.md, "Issue 23 (apidocs)".
export default defineConfig({
  plugins: [react(), selfContainedRedoc()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  build: {
    emptyOutDir: false,
    manifest: false,
    copyPublicDir: false,
    // Redoc with its libraries is one chunk of about 1.4 MB (410 kB gzipped), loaded by this page only.
    chunkSizeWarningLimit: 1500,
    rolldownOptions: { input: { docs: 'docs.html' } },
  },
})
