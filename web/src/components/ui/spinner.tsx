import * as React from 'react'
import { Loader2 } from 'lucide-react'
import { cn } from '@/lib/utils'

export function Spinner({ className, label = 'Loading', ...props }: React.ComponentProps<'svg'> & { label?: string }) {
  return <Loader2 role="status" aria-label={label} className={cn('size-6 animate-spin text-primary', className)} {...props} />
}
