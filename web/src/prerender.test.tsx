import { act, StrictMode } from 'react'
import { screen, within } from '@testing-library/react'
import { hydrateRoot, type Root } from 'react-dom/client'
import { renderToString } from 'react-dom/server'
import { prerender } from 'react-dom/static'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { App, createAppRouter } from '@/app/app'
import { LandingApp } from '@/app/landing-app'
import { loadAuthPage } from '@/app/router'
import { createQueryClient } from '@/lib/query-client'
import { renderAuth, renderLanding } from '@/prerender'
import { makeFigures, makeSitePage } from '@/test/site-fixtures'
import { mockApi } from '@/test/utils'

// dist/landing.html and dist/auth.html hold this markup, and the browser hydrates it: React keeps
// the prerendered elements (no mismatch, no page drawn twice) and fills in the data.

let root: Root | undefined
afterEach(() => {
  act(() => root?.unmount())
  root = undefined
  document.body.innerHTML = ''
  window.history.replaceState(null, '', '/')
  vi.unstubAllGlobals()
})

const signedOutSite = {
  'GET /api/site': { body: makeSitePage() },
  'GET /api/site/figures': { body: makeFigures() },
  'GET /api/user': { status: 401, body: { message: 'Not signed in' } },
}

/**
 * React's server renderer leaves the last rendered context values set when it finishes (it runs in
 * its own process at build time, where that does not matter); an empty render afterwards pops
 * them, so the client render in the same test does not see the server's router.
 */
async function serverRendered(markup: string | Promise<string>) {
  const html = await markup
  renderToString(<></>)
  await prerender(<></>)
  return html.replace(/ style="[^"]*"/g, '') // as scripts/prerender.mjs does
}

/** Puts markup into #root as the server sends it and hydrates `app` there, collecting what React reports. */
async function hydrate(markup: string, app: React.ReactNode) {
  const container = document.createElement('div')
  container.id = 'root'
  container.innerHTML = markup
  document.body.append(container)
  const errors: unknown[] = []
  const consoleError = vi.spyOn(console, 'error')
  // React reports the style attributes scripts/prerender.mjs drops (for the CSP) as a mismatch it
  // leaves alone, and warns that two renderers (this test's server and client renders, which the
  // build keeps apart) share contexts; any other report is a real difference.
  const problems = () =>
    consoleError.mock.calls.filter((call) => {
      const text = call.map(String).join('\n')
      if (text.startsWith('Detected multiple renderers concurrently rendering')) return false
      const diff = [...text.matchAll(/^\s*[+-] {4,}(\S.*)$/gm)].map((m) => m[1]!)
      return !(text.includes("some attributes of the server rendered HTML didn't match") && diff.every((line) => line.startsWith('style=')))
    })
  const before = [...container.querySelectorAll('h1, form, input, button, a')]
  await act(async () => {
    root = hydrateRoot(container, <StrictMode>{app}</StrictMode>, { onRecoverableError: (error) => errors.push(error) })
  })
  return { container, errors, problems, before }
}

describe('prerendered pages', () => {
  it('the landing page hydrates its markup and then shows the live figures', async () => {
    mockApi(signedOutSite)
    const markup = await serverRendered(renderLanding())
    expect(markup).toContain('Post. Match. Connect. Grow.')
    const { container, errors, problems, before } = await hydrate(markup, <LandingApp queryClient={createQueryClient()} />)
    expect(await within(await screen.findByTestId('live-figures')).findByText('1,200+')).toBeInTheDocument()
    expect(errors).toEqual([])
    expect(problems()).toEqual([])
    for (const el of before) expect(container.contains(el)).toBe(true)
    expect(screen.getAllByRole('link', { name: 'Sign In' })[0]).toHaveAttribute('href', '/auth')
  })

  it('/auth hydrates its Sign In form, which stays the same elements', async () => {
    const api = mockApi(signedOutSite)
    window.history.replaceState(null, '', '/auth')
    const markup = await serverRendered(renderAuth())
    expect(markup).toContain('Welcome back')
    await loadAuthPage() // as main.tsx does
    const { container, errors, problems, before } = await hydrate(
      markup,
      <App router={createAppRouter()} queryClient={createQueryClient()} />,
    )
    expect((await screen.findAllByText('1,200+')).length).toBeGreaterThan(0)
    expect(errors).toEqual([])
    expect(problems()).toEqual([])
    expect(before.length).toBeGreaterThan(3)
    for (const el of before) expect(container.contains(el)).toBe(true)
    expect(screen.getByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'true')
    expect(api.calls.some((c) => c.path === '/api/session')).toBe(true)
  })
})
