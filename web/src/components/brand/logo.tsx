import * as React from 'react'
import { Building2 } from 'lucide-react'
import { cn } from '@/lib/utils'

/** The PropMatch wordmark. */
export function Logo({ className, ...props }: React.ComponentProps<'span'>) {
  return (
    <span className={cn('inline-flex items-center gap-2 font-bold text-foreground', className)} {...props}>
      <span className="flex size-8 items-center justify-center rounded-lg bg-primary text-primary-foreground">
        <Building2 className="size-5" aria-hidden />
      </span>
      <span className="text-lg tracking-tight">
        Prop<span className="text-primary">Match</span>
      </span>
    </span>
  )
}
