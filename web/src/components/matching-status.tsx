import { Handshake, Loader2 } from 'lucide-react'
import type { InfiniteData } from '@tanstack/react-query'
import type { Page } from '@/lib/api-client'
import { cn } from '@/lib/utils'

/** What own listings and requirements say of their matching (docs/openapi.yaml, MatchingState). */
export type MatchingProgress = { matching?: 'pending' | 'done'; matchCount?: number }

/** While a listing's or requirement's matching job waits, its list is refetched this often (the `matches` event is
 * only sent to agents who gained matches, so a job that finds none is seen by this poll). */
export const MATCHING_POLL_MS = 2000

/** True when any loaded item still waits for its matching. */
export function anyMatchingPending(data: InfiniteData<Page<MatchingProgress>, unknown> | undefined) {
  return !!data?.pages.some((page) => page.items.some((item) => item.matching === 'pending'))
}

/** The refetch interval of a list of own listings or requirements: polled only while one is pending. */
export function matchingRefetchInterval(query: { state: { data?: InfiniteData<Page<MatchingProgress>, unknown> } }) {
  return anyMatchingPending(query.state.data) ? MATCHING_POLL_MS : false
}

/** "Finding matches…" while the matching job of the last write waits, then the match count; nothing for others' items. */
export function MatchingStatus({ progress, className }: { progress: MatchingProgress; className?: string }) {
  if (!progress.matching) return null
  if (progress.matching === 'pending') {
    return (
      <p
        className={cn('flex items-center gap-1 text-xs font-medium text-warning', className)}
        role="status"
        data-testid="matching-status"
        data-state="pending"
      >
        <Loader2 className="size-3.5 shrink-0 animate-spin" aria-hidden /> Finding matches…
      </p>
    )
  }
  const n = progress.matchCount ?? 0
  return (
    <p
      className={cn('flex items-center gap-1 text-xs font-medium text-success', n === 0 && 'text-muted-foreground', className)}
      role="status"
      data-testid="matching-status"
      data-state="done"
    >
      <Handshake className="size-3.5 shrink-0" aria-hidden /> {n === 1 ? '1 match' : `${n} matches`}
    </p>
  )
}
