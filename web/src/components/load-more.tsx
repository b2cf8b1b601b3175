import { Loader2 } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { cn } from '@/lib/utils'

/** The parts of an infinite query that paging needs. */
export type PagedQuery = {
  hasNextPage: boolean
  isFetchingNextPage: boolean
  isFetchNextPageError: boolean
  error: Error | null
  fetchNextPage: () => unknown
}

/** 'Load more' at the bottom of a paged list; absent on the last page. */
export function LoadMore({ query, className }: { query: PagedQuery; className?: string }) {
  if (!query.hasNextPage) return null
  return (
    <div className={cn('grid justify-items-center gap-1 py-2', className)}>
      <Button variant="outline" size="sm" onClick={() => query.fetchNextPage()} disabled={query.isFetchingNextPage} data-testid="load-more">
        {query.isFetchingNextPage && <Loader2 className="animate-spin" />}
        {query.isFetchingNextPage ? 'Loading...' : 'Load more'}
      </Button>
      {query.isFetchNextPageError && (
        <p className="text-xs text-destructive" role="alert">
          Could not load more: {query.error?.message}
        </p>
      )}
    </div>
  )
}

/** Says that search, filters (and tiles) cover only the loaded items while more pages exist. */
export function LoadedOnlyHint({
  query,
  count,
  noun,
  what = 'Search and filters',
}: {
  query: Pick<PagedQuery, 'hasNextPage'>
  count: number
  noun: string
  what?: string
}) {
  if (!query.hasNextPage) return null
  return (
    <p className="text-xs text-muted-foreground" data-testid="loaded-only-hint">
      {what} cover the {count} {noun} loaded so far; use Load more at the bottom to include the rest.
    </p>
  )
}
