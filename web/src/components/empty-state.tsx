import * as React from 'react'
import type { LucideIcon } from 'lucide-react'
import { cn } from '@/lib/utils'

type EmptyStateProps = Omit<React.ComponentProps<'div'>, 'children'> & {
  icon: LucideIcon
  /** One sentence saying what is missing and what to do about it. */
  message: React.ReactNode
  /** One action (a Button, or a Button asChild with a Link); none when there is nothing to do. */
  action?: React.ReactNode
  /** Smaller padding, for cards and side panes. */
  compact?: boolean
}

/**
 * The one empty state of the app (docs/product.md#empty-states): an icon, one sentence and
 * at most one action, the same on every page.
 */
export function EmptyState({ icon: Icon, message, action, compact = false, className, ...props }: EmptyStateProps) {
  return (
    <div className={cn('grid justify-items-center gap-3 px-4 text-center', compact ? 'py-6' : 'py-12', className)} {...props}>
      <span className="flex size-12 items-center justify-center rounded-full bg-accent text-primary">
        <Icon className="size-6" aria-hidden />
      </span>
      <p className="max-w-sm text-sm text-subtle-foreground">{message}</p>
      {action}
    </div>
  )
}
