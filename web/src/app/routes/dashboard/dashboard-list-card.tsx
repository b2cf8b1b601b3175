import * as React from 'react'
import { ArrowRight } from 'lucide-react'
import { Link } from 'react-router'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { Spinner } from '@/components/ui/spinner'
import { cn } from '@/lib/utils'

/** Dashboard lists show the first 3 items (docs/product.md#dashboard). */
export const DASHBOARD_LIST_SIZE = 3

type DashboardListCardProps = {
  title: React.ReactNode
  /** Where "View all" leads. */
  viewAllTo: string
  query: { isPending: boolean; isError: boolean }
  /** Shown when the list could not be loaded. */
  errorText: string
  /** Shown instead of children when the loaded list is empty. */
  empty: React.ReactNode
  isEmpty: boolean
  /** Tighter padding (the mobile Recent Properties). */
  compact?: boolean
  children: React.ReactNode
} & Omit<React.ComponentProps<typeof Card>, 'title' | 'children'>

/** A dashboard card listing the first few items: title, "View all", and the loading, error and empty states. */
export function DashboardListCard({
  title,
  viewAllTo,
  query,
  errorText,
  empty,
  isEmpty,
  compact,
  children,
  ...props
}: DashboardListCardProps) {
  return (
    <Card {...props}>
      <CardHeader className={cn('flex-row items-center justify-between space-y-0', compact ? 'p-4 pb-2' : 'pb-3')}>
        <CardTitle className="flex items-center gap-2 text-base whitespace-nowrap">{title}</CardTitle>
        <Button asChild variant="link" size="sm" className="h-auto px-0">
          <Link to={viewAllTo}>
            View all <ArrowRight />
          </Link>
        </Button>
      </CardHeader>
      <CardContent className={cn('grid gap-2', compact && 'p-4 pt-0')}>
        {query.isPending ? (
          <div className="flex justify-center py-4">
            <Spinner className="size-5" />
          </div>
        ) : query.isError ? (
          <p className="text-sm text-muted-foreground">{errorText}</p>
        ) : isEmpty ? (
          empty
        ) : (
          children
        )}
      </CardContent>
    </Card>
  )
}
