// Build-time only (scripts/prerender.mjs): the landing page's markup before any data, put into
// dist/landing.html so a visitor's browser paints the page before the JavaScript has run. Holds
// no content or figures: those parts render as the same empty placeholders the app shows while
// loading, and the app replaces this markup on start.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { renderToString } from 'react-dom/server'
import { MemoryRouter } from 'react-router'
import { LandingPage } from '@/features/landing/routes/landing-page'

export function render() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { enabled: false } } })
  return renderToString(
    <MemoryRouter initialEntries={['/']}>
      <QueryClientProvider client={queryClient}>
        <LandingPage />
      </QueryClientProvider>
    </MemoryRouter>,
  )
}
