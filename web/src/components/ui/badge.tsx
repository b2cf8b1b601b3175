import * as React from 'react'
import { cva, type VariantProps } from 'class-variance-authority'
import { cn } from '@/lib/utils'

const badgeVariants = cva('inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold', {
  variants: {
    variant: {
      default: 'border-transparent bg-blue-600 text-white',
      secondary: 'border-transparent bg-slate-100 text-slate-800',
      success: 'border-transparent bg-emerald-100 text-emerald-800',
      destructive: 'border-transparent bg-red-600 text-white',
      outline: 'border-slate-300 text-slate-700',
    },
  },
  defaultVariants: { variant: 'default' },
})

export function Badge({ className, variant, ...props }: React.ComponentProps<'span'> & VariantProps<typeof badgeVariants>) {
  return <span className={cn(badgeVariants({ variant }), className)} {...props} />
}
