import * as React from 'react'
import { MapPinOff } from 'lucide-react'
import { Link } from 'react-router'
import { Button } from '@/components/ui/button'
import { paths } from '@/app/paths'

/** Any unknown path: titled 'Page Not Found', reading '404 Page Not Found'. */
export function NotFoundPage() {
  React.useEffect(() => {
    document.title = 'Page Not Found · PropMatch'
  }, [])
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-4 bg-background p-6 text-center">
      <span className="flex size-16 items-center justify-center rounded-full bg-accent text-primary">
        <MapPinOff className="size-8" aria-hidden />
      </span>
      <h1 className="text-3xl font-bold text-foreground">404 Page Not Found</h1>
      <p className="max-w-sm text-subtle-foreground">The page you are looking for does not exist or has moved.</p>
      <Button asChild>
        <Link to={paths.home.to()}>Go Home</Link>
      </Button>
    </div>
  )
}
