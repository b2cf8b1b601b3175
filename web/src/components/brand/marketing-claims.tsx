import * as React from 'react'
import { cn } from '@/lib/utils'

/** The product's marketing claims (docs/product.md#landing-page). */
export const marketingClaims = [
  { value: '90%+', label: 'Match accuracy' },
  { value: '10,000+', label: 'Verified agents' },
  { value: '100%', label: 'RERA verified' },
  { value: '500', label: 'Free leads' },
  { value: '₹50', label: 'Per lead' },
  { value: '₹25,000', label: 'Free credits' },
  { value: '₹50,000', label: 'Training, free' },
  { value: '50+', label: 'Courses' },
  { value: '₹0', label: 'Setup fees' },
] as const

export function MarketingClaims({ className, ...props }: React.ComponentProps<'dl'>) {
  return (
    <dl className={cn('grid grid-cols-3 gap-3', className)} {...props}>
      {marketingClaims.map((claim) => (
        <div key={claim.label} className="min-w-0 rounded-lg bg-white/10 px-1.5 py-3 text-center ring-1 ring-white/15 sm:p-3">
          <dt className="sr-only">{claim.label}</dt>
          <dd className="text-base font-bold tabular-nums sm:text-xl">{claim.value}</dd>
          <dd className="text-xs opacity-80">{claim.label}</dd>
        </div>
      ))}
    </dl>
  )
}
