import type * as React from 'react'
import type { QueryClient } from '@tanstack/react-query'
import { BrowserRouter } from 'react-router'
import { AppProviders } from '@/app/providers'
import { AppRoutes } from '@/app/router'
import { ErrorBoundary } from '@/components/errors/error-boundary'

type RouterComponent = React.ComponentType<{ children?: React.ReactNode }>

/**
 * The app. `Router` and `queryClient` are for the build-time prerender of /auth (src/prerender.tsx),
 * which renders this same tree at a fixed location so the browser can hydrate it.
 */
export function App({ Router = BrowserRouter, queryClient }: { Router?: RouterComponent; queryClient?: QueryClient }) {
  return (
    <ErrorBoundary level="app">
      <Router>
        <AppProviders queryClient={queryClient}>
          <AppRoutes />
        </AppProviders>
      </Router>
    </ErrorBoundary>
  )
}
