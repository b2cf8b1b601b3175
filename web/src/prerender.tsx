// Build-time only (scripts/prerender.mjs): the markup of / and of /auth before any data, put into
// dist/landing.html and dist/auth.html so a visitor's browser paints the page before the
// JavaScript has run. Holds no content or figures: those parts render as the same empty
// placeholders the app shows while loading, and the page's entry hydrates this markup on start
// (src/landing-main.tsx for /, src/main.tsx for /auth).
import { QueryClient } from '@tanstack/react-query'
import * as React from 'react'
import { renderToString } from 'react-dom/server'
import { prerender } from 'react-dom/static'
import { createMemoryRouter } from 'react-router'
import { App } from '@/app/app'
import { LandingApp } from '@/app/landing-app'
import { paths } from '@/app/paths'
import { appRoutes } from '@/app/router'

/** A query cache that never fetches: every query stays pending, as in the browser before data. */
const noData = () => new QueryClient({ defaultOptions: { queries: { enabled: false } } })

export function renderLanding() {
  return renderToString(
    <React.StrictMode>
      <LandingApp queryClient={noData()} />
    </React.StrictMode>,
  )
}

/** /auth as the app renders it signed out, with its lazily loaded page waited for. */
export async function renderAuth() {
  const router = createMemoryRouter(appRoutes, { initialEntries: [paths.auth.to()] })
  const { prelude } = await prerender(
    <React.StrictMode>
      <App router={router} queryClient={noData()} />
    </React.StrictMode>,
  )
  return new Response(prelude).text()
}
