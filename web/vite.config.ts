/// <reference types="vitest/config" />
import { fileURLToPath, URL } from 'node:url'
import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

// The Go server; override with PROPMATCH_API_URL when it listens elsewhere.
const backend = process.env.PROPMATCH_API_URL ?? 'http://127.0.0.1:8080'

const proxy = {
  '/api': backend,
  '/dev': backend,
  '/media': backend,
  '/healthz': backend,
}

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  build: {
    // Two entries: the app (index.html) and the landing page's own (src/landing-main.tsx), which
    // scripts/prerender.mjs puts into dist/landing.html using the manifest.
    manifest: true,
    rolldownOptions: {
      input: { index: 'index.html', landing: 'src/landing-main.tsx' },
      // The landing page is imported statically by its entry and lazily by the app's router (for
      // in-app navigation to /); it is its own chunk either way, which is what this check warns of.
      checks: { ineffectiveDynamicImport: false },
    },
  },
  server: { proxy },
  preview: { proxy },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    restoreMocks: true,
    // The suite renders whole pages with user-event; on a loaded two-core machine a
    // test can pass 5 s without being wrong.
    testTimeout: 20_000,
  },
})
