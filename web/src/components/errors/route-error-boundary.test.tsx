import { render, screen } from '@testing-library/react'
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { RouteErrorBoundary } from '@/components/errors/route-error-boundary'
import { browserPage } from '@/lib/chunk-reload'

const original = { ...browserPage }
beforeEach(() => {
  browserPage.reload = vi.fn()
  vi.spyOn(console, 'error').mockImplementation(() => {}) // React and the router log caught errors
  vi.spyOn(console, 'warn').mockImplementation(() => {})
})
afterEach(() => {
  Object.assign(browserPage, original)
  sessionStorage.clear()
  vi.restoreAllMocks()
})

/** A shell whose page is a `lazy` route, as in src/app/router.tsx, failing with `error`. */
function renderFailingPage(error: Error) {
  const router = createMemoryRouter(
    [
      {
        element: (
          <div data-testid="shell">
            <Outlet />
          </div>
        ),
        children: [{ ErrorBoundary: () => <RouteErrorBoundary />, children: [{ path: '/page', lazy: () => Promise.reject(error) }] }],
      },
    ],
    { initialEntries: ['/page'] },
  )
  render(<RouterProvider router={router} />)
}

describe('RouteErrorBoundary', () => {
  it('reloads once for a page whose code failed to load, inside the shell', async () => {
    renderFailingPage(new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/matches-page-x.js'))
    expect(await screen.findByTestId('chunk-error')).toBeInTheDocument()
    expect(screen.getByTestId('shell')).toContainElement(screen.getByTestId('chunk-error'))
    expect(browserPage.reload).toHaveBeenCalledOnce()
  })

  it('shows the page fallback for any other failure', async () => {
    renderFailingPage(new Error('boom'))
    expect(await screen.findByTestId('page-error')).toBeInTheDocument()
    expect(browserPage.reload).not.toHaveBeenCalled()
  })
})
