import { BrowserRouter } from 'react-router'
import { AppProviders } from '@/app/providers'
import { AppRoutes } from '@/app/router'
import { ErrorBoundary } from '@/components/errors/error-boundary'

export function App() {
  return (
    <ErrorBoundary level="app">
      <BrowserRouter>
        <AppProviders>
          <AppRoutes />
        </AppProviders>
      </BrowserRouter>
    </ErrorBoundary>
  )
}
