import * as React from 'react'
import { Outlet, useLocation } from 'react-router'
import { ErrorBoundary } from '@/components/errors/error-boundary'
import { Spinner } from '@/components/ui/spinner'

function PageSpinner({ fullScreen }: { fullScreen: boolean }) {
  return (
    <div className={fullScreen ? 'flex min-h-dvh items-center justify-center' : 'flex justify-center py-16'}>
      <Spinner className="size-8" />
    </div>
  )
}

/**
 * Wraps the page of the current route: a spinner while its code loads, and an error boundary
 * that clears when the path changes, so one broken page never blanks the app or the shell.
 */
export function RouteBoundary({ fullScreen = false, children }: { fullScreen?: boolean; children?: React.ReactNode }) {
  const { pathname } = useLocation()
  return (
    <ErrorBoundary level="route" resetKey={pathname}>
      <React.Suspense fallback={<PageSpinner fullScreen={fullScreen} />}>{children ?? <Outlet />}</React.Suspense>
    </ErrorBoundary>
  )
}
