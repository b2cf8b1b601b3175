import * as React from 'react'
import { Outlet } from 'react-router'
import { NotFoundPage } from '@/app/routes/not-found'
import { Spinner } from '@/components/ui/spinner'
import { useServerMode } from '@/lib/server-mode'

/** Developer pages: shown when the server runs in development mode; 'Page Not Found' in production. */
export function DevelopmentOnly({ children }: { children?: React.ReactNode }) {
  const mode = useServerMode()
  if (mode.isPending) {
    return (
      <div className="flex min-h-dvh items-center justify-center">
        <Spinner className="size-8" />
      </div>
    )
  }
  // An unreadable mode counts as production: a developer page is never shown by mistake.
  if (mode.data !== 'development') return <NotFoundPage />
  return <>{children ?? <Outlet />}</>
}
