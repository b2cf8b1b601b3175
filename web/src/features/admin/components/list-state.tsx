import * as React from 'react'
import type { LucideIcon } from 'lucide-react'
import { EmptyState } from '@/components/empty-state'
import { LoadMore, type PagedQuery } from '@/components/load-more'
import { Spinner } from '@/components/ui/spinner'

type ListStateProps = {
  query: PagedQuery & { isPending: boolean; isError: boolean }
  count: number
  what: string
  icon: LucideIcon
  emptyMessage: string
  children: React.ReactNode
}

/** Loading, error and empty states around an admin list, and Load more under it. */
export function ListState({ query, count, what, icon, emptyMessage, children }: ListStateProps) {
  if (query.isPending)
    return (
      <div className="flex items-center justify-center gap-2 py-12 text-muted-foreground">
        <Spinner className="size-5" /> Loading {what}...
      </div>
    )
  if (query.isError && !query.isFetchNextPageError)
    return (
      <p className="py-12 text-center text-destructive" role="alert">
        Could not load {what}: {query.error?.message}
      </p>
    )
  if (count === 0) return <EmptyState icon={icon} message={emptyMessage} />
  return (
    <>
      {children}
      <LoadMore query={query} />
    </>
  )
}
