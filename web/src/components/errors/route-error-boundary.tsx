import { useLocation, useRouteError } from 'react-router'
import { ErrorBoundary } from '@/components/errors/error-boundary'

function Rethrow({ error }: { error: unknown }): never {
  throw error
}

/**
 * The router's error element: what a route failed with (its code did not load) handed to the
 * same ErrorBoundary the pages render in, so a failed chunk reloads the page once and then offers
 * Reload, and any other error shows the page fallback (docs/product.md#errors-and-start-up).
 */
export function RouteErrorBoundary({ fullScreen = false }: { fullScreen?: boolean }) {
  const error = useRouteError()
  const { pathname } = useLocation()
  return (
    <ErrorBoundary level={fullScreen ? 'app' : 'route'} resetKey={pathname}>
      <Rethrow error={error} />
    </ErrorBoundary>
  )
}
