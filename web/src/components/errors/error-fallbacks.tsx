import * as React from 'react'
import { AlertTriangle, Loader2, RotateCw, Smartphone, WifiOff } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { browserPage, reloadPage } from '@/lib/chunk-reload'
import { cn } from '@/lib/utils'
import { paths } from '@/app/paths'

/** Seconds before the mobile error notice moves on to /auth (docs/product.md#errors-and-start-up). */
export const MOBILE_NOTICE_REDIRECT_MS = 3000

function Frame({ fullScreen, children, ...props }: React.ComponentProps<'div'> & { fullScreen: boolean }) {
  return (
    <div
      role="alert"
      className={cn('grid justify-items-center gap-3 p-6 text-center', fullScreen ? 'min-h-dvh content-center bg-background' : 'py-16')}
      {...props}
    >
      {children}
    </div>
  )
}

/** A page's code could not be downloaded: reloading (once, by itself) or the Reload button. */
export function ChunkErrorFallback({ reloading, fullScreen = false }: { reloading: boolean; fullScreen?: boolean }) {
  return (
    <Frame fullScreen={fullScreen} data-testid="chunk-error">
      <span className="flex size-12 items-center justify-center rounded-full bg-warning/10 text-warning">
        <WifiOff className="size-6" aria-hidden />
      </span>
      <h2 className="text-lg font-semibold text-foreground">This page could not load</h2>
      <p className="max-w-sm text-sm text-subtle-foreground">
        The connection dropped or PropMatch was updated while this tab was open; reloading fetches the latest version.
      </p>
      <Button onClick={() => reloadPage()} disabled={reloading}>
        {reloading ? <Loader2 className="animate-spin" /> : <RotateCw />} {reloading ? 'Reloading...' : 'Reload'}
      </Button>
    </Frame>
  )
}

/** Any other error in a page: try the page again, or reload the app. */
export function PageErrorFallback({ onRetry, fullScreen = false }: { onRetry: () => void; fullScreen?: boolean }) {
  return (
    <Frame fullScreen={fullScreen} data-testid="page-error">
      <span className="flex size-12 items-center justify-center rounded-full bg-destructive/10 text-destructive">
        <AlertTriangle className="size-6" aria-hidden />
      </span>
      <h2 className="text-lg font-semibold text-foreground">Something went wrong</h2>
      <p className="max-w-sm text-sm text-subtle-foreground">This part of PropMatch hit an error; your saved data is safe.</p>
      <div className="flex flex-wrap justify-center gap-2">
        <Button onClick={onRetry}>Try Again</Button>
        <Button variant="outline" onClick={() => reloadPage()}>
          <RotateCw /> Reload
        </Button>
      </div>
    </Frame>
  )
}

/**
 * The spec's mobile error notice: 'Optimizing for your mobile device...' with a Continue to App
 * link, moving on to /auth by itself after 3 seconds (a full load, so the app starts clean).
 */
export function MobileErrorNotice() {
  React.useEffect(() => {
    const timer = setTimeout(() => browserPage.assign(paths.auth.to()), MOBILE_NOTICE_REDIRECT_MS)
    return () => clearTimeout(timer)
  }, [])
  return (
    <Frame fullScreen data-testid="mobile-error-notice">
      <span className="flex size-12 items-center justify-center rounded-full bg-accent text-primary">
        <Smartphone className="size-6" aria-hidden />
      </span>
      <h2 className="text-lg font-semibold text-foreground">Optimizing for your mobile device...</h2>
      <a href={paths.auth.to()} className="text-sm font-medium text-primary underline-offset-4 hover:underline">
        Continue to App
      </a>
    </Frame>
  )
}
