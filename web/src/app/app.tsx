import type { QueryClient } from '@tanstack/react-query'
import { QueryClientProvider } from '@tanstack/react-query'
import { RouterProvider, createBrowserRouter } from 'react-router'
import { appRoutes } from '@/app/router'
import { ErrorBoundary } from '@/components/errors/error-boundary'
import { queryClient as defaultQueryClient } from '@/lib/query-client'

/** The browser's router of the app's routes (src/main.tsx makes one). */
export const createAppRouter = () => createBrowserRouter(appRoutes)

type AppRouter = ReturnType<typeof createBrowserRouter>

/**
 * The app: the data router of `appRoutes`. `router` is a memory router for the build-time
 * prerender of /auth (src/prerender.tsx), which renders this same tree at a fixed location so the
 * browser can hydrate it, and for tests.
 */
export function App({ router, queryClient = defaultQueryClient }: { router: AppRouter; queryClient?: QueryClient }) {
  return (
    <ErrorBoundary level="app">
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ErrorBoundary>
  )
}
