import type { QueryClient } from '@tanstack/react-query'
import { QueryClientProvider } from '@tanstack/react-query'
import { ErrorBoundary } from '@/components/errors/error-boundary'
import { LandingPage } from '@/features/landing/routes/landing-page'

/**
 * The whole of / and /landing as served: the landing page alone, in the top-level error boundary,
 * with no router, auth or toasts (its links to /auth are plain links that load the app). Rendered
 * to HTML at build time (src/prerender.tsx) and hydrated by its own small entry
 * (src/landing-main.tsx), so a visitor never downloads the app to see it
 * (docs/performance.md#landing-page).
 */
export function LandingApp({ queryClient }: { queryClient: QueryClient }) {
  return (
    <ErrorBoundary level="app">
      <QueryClientProvider client={queryClient}>
        <LandingPage />
      </QueryClientProvider>
    </ErrorBoundary>
  )
}
