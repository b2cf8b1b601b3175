import * as React from 'react'
import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter, Route, Routes, useNavigate } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ErrorBoundary } from '@/components/errors/error-boundary'
import { MOBILE_NOTICE_REDIRECT_MS } from '@/components/errors/error-fallbacks'
import { RouteBoundary } from '@/components/errors/route-boundary'
import { browserPage, CHUNK_RELOAD_KEY } from '@/lib/chunk-reload'

const chunkError = () => new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/messages-page-x.js')

function Thrower({ error }: { error: () => Error }): React.ReactNode {
  throw error()
}

const original = { ...browserPage }
beforeEach(() => {
  browserPage.reload = vi.fn()
  browserPage.assign = vi.fn()
  vi.spyOn(console, 'error').mockImplementation(() => {}) // React logs caught errors
})
afterEach(() => {
  Object.assign(browserPage, original)
  sessionStorage.clear()
  vi.restoreAllMocks()
  vi.useRealTimers()
})

describe('ErrorBoundary', () => {
  it('reloads once by itself for a chunk that failed to load', () => {
    render(
      <ErrorBoundary level="route">
        <Thrower error={chunkError} />
      </ErrorBoundary>,
    )
    expect(browserPage.reload).toHaveBeenCalledOnce()
    expect(screen.getByRole('button', { name: /Reloading/ })).toBeDisabled()
  })

  it('after a recent automatic reload offers Reload instead of looping', async () => {
    sessionStorage.setItem(CHUNK_RELOAD_KEY, String(Date.now()))
    render(
      <ErrorBoundary level="route">
        <Thrower error={chunkError} />
      </ErrorBoundary>,
    )
    expect(browserPage.reload).not.toHaveBeenCalled()
    expect(screen.getByText('This page could not load')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }))
    expect(browserPage.reload).toHaveBeenCalledOnce()
  })

  it('shows Something went wrong for other errors, and Try Again renders the page again', async () => {
    let fail = true
    function Flaky() {
      if (fail) throw new Error('boom')
      return <p>Page content</p>
    }
    render(
      <ErrorBoundary level="route">
        <Flaky />
      </ErrorBoundary>,
    )
    expect(screen.getByTestId('page-error')).toHaveTextContent('Something went wrong')
    expect(browserPage.reload).not.toHaveBeenCalled()
    fail = false
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }))
    expect(screen.getByText('Page content')).toBeInTheDocument()
  })

  it('on a phone, the top boundary shows the mobile notice and goes to /auth after 3 s', () => {
    vi.useFakeTimers()
    render(
      <ErrorBoundary level="app" isMobile={() => true}>
        <Thrower error={() => new Error('boom')} />
      </ErrorBoundary>,
    )
    expect(screen.getByText('Optimizing for your mobile device...')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Continue to App' })).toHaveAttribute('href', '/auth')
    act(() => vi.advanceTimersByTime(MOBILE_NOTICE_REDIRECT_MS - 1))
    expect(browserPage.assign).not.toHaveBeenCalled()
    act(() => vi.advanceTimersByTime(1))
    expect(browserPage.assign).toHaveBeenCalledWith('/auth')
  })

  it('on a desktop, the top boundary shows the full-page fallback', () => {
    render(
      <ErrorBoundary level="app" isMobile={() => false}>
        <Thrower error={() => new Error('boom')} />
      </ErrorBoundary>,
    )
    expect(screen.getByTestId('page-error')).toBeInTheDocument()
    expect(screen.queryByTestId('mobile-error-notice')).not.toBeInTheDocument()
  })
})

describe('RouteBoundary', () => {
  it('keeps a page error to its route and clears it on leaving', async () => {
    function Nav() {
      const navigate = useNavigate()
      return <button onClick={() => navigate('/fine')}>Go</button>
    }
    render(
      <MemoryRouter initialEntries={['/broken']}>
        <Nav />
        <Routes>
          <Route element={<RouteBoundary />}>
            <Route path="/broken" element={<Thrower error={() => new Error('boom')} />} />
            <Route path="/fine" element={<p>Fine page</p>} />
          </Route>
        </Routes>
      </MemoryRouter>,
    )
    expect(screen.getByTestId('page-error')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Go' })).toBeInTheDocument() // the rest of the app still works
    await userEvent.click(screen.getByRole('button', { name: 'Go' }))
    expect(await screen.findByText('Fine page')).toBeInTheDocument()
  })
})
