import * as React from 'react'
import { Construction, type LucideIcon } from 'lucide-react'
import { Link } from 'react-router'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'

type ComingSoonProps = {
  title: string
  description: string
  icon?: LucideIcon
  children?: React.ReactNode
  /** Render the page heading (off when the page has its own). */
  showHeading?: boolean
  /** Offer a way back to the dashboard (off on the dashboard itself). */
  showBackLink?: boolean
}

/** An honest placeholder for a feature that is not built yet: no sample data. */
export function ComingSoon({
  title,
  description,
  icon: Icon = Construction,
  children,
  showHeading = true,
  showBackLink = true,
}: ComingSoonProps) {
  React.useEffect(() => {
    document.title = `${title} · PropMatch`
  }, [title])
  return (
    <div className="mx-auto grid max-w-3xl gap-6">
      {showHeading && <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>}
      {children}
      <Card data-testid="coming-soon">
        <CardHeader className="items-center text-center">
          <span className="flex size-12 items-center justify-center rounded-full bg-blue-50 text-blue-600">
            <Icon className="size-6" aria-hidden />
          </span>
          <CardTitle>{title} is coming soon</CardTitle>
          <CardDescription className="max-w-md">{description}</CardDescription>
        </CardHeader>
        {showBackLink && (
          <CardContent className="flex justify-center">
            <Button asChild variant="outline">
              <Link to="/dashboard">Back to Dashboard</Link>
            </Button>
          </CardContent>
        )}
      </Card>
    </div>
  )
}
