import * as React from 'react'
import { useQuery } from '@tanstack/react-query'
import { figureItems, siteContentQuery, siteFiguresQuery } from '@/shared/site'
import { cn } from '@/lib/utils'

/**
 * The claims beside the sign-in forms: live figures counted from the database (agents, RERA
 * verified, active listings) and the first offers of the editable content. Nothing is a fixed
 * number in the bundle; while loading, the cells keep their size.
 */
export function MarketingClaims({ className, ...props }: React.ComponentProps<'dl'>) {
  const figures = useQuery(siteFiguresQuery())
  const content = useQuery(siteContentQuery())
  const items = [...(figures.data ? figureItems(figures.data).slice(0, 3) : []), ...(content.data?.offers.slice(0, 3) ?? [])]
  const loading = figures.isPending || content.isPending
  return (
    <dl className={cn('grid grid-cols-3 gap-3', className)} aria-busy={loading} {...props}>
      {loading
        ? Array.from({ length: 6 }, (_, i) => (
            <div key={i} className="h-[4.25rem] rounded-lg bg-brand-foreground/10 ring-1 ring-brand-foreground/15" />
          ))
        : items.map((claim) => (
            <div
              key={claim.label}
              className="flex min-w-0 flex-col-reverse rounded-lg bg-brand-foreground/10 px-1.5 py-3 text-center ring-1 ring-brand-foreground/15 sm:p-3"
            >
              <dt className="text-xs text-brand-foreground/90">{claim.label}</dt>
              <dd className="text-base font-bold tabular-nums sm:text-xl">{claim.value}</dd>
            </div>
          ))}
    </dl>
  )
}
