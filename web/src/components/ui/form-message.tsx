import * as React from 'react'
import { cn } from '@/lib/utils'

/** The error line shown under a field. */
export function FormMessage({ className, children, ...props }: React.ComponentProps<'p'>) {
  if (!children) return null
  return (
    <p className={cn('text-sm font-medium text-destructive', className)} role="alert" {...props}>
      {children}
    </p>
  )
}
