/// <reference types="vitest/config" />
import { fileURLToPath, URL } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

// The API reference page (docs.html, served at /api/docs) is built on its own, after the app,
// into the same dist/ (without emptying it): Redoc and its libraries never enter the app's
// chunks or manifest. See docs/decisions.md, "Issue 23 (apidocs)".
export default defineConfig({
  plugins: [react()],
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
