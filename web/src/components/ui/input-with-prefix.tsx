import * as React from 'react'
import { Input } from '@/components/ui/input'
import { cn } from '@/lib/utils'

/** An input with a fixed text in front of it, e.g. the +91 of a phone number; props go to the input. */
export function InputWithPrefix({ prefix, className, ...props }: React.ComponentProps<typeof Input> & { prefix: string }) {
  return (
    <div className="flex">
      <span className="flex items-center rounded-l-md border border-r-0 border-input bg-muted/50 px-3 text-sm text-subtle-foreground">
        {prefix}
      </span>
      <Input className={cn('rounded-l-none', className)} {...props} />
    </div>
  )
}
