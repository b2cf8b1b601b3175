import { matchStatusClasses, matchStatusLabel } from '@/features/matches/lib/match-labels'
import { cn } from '@/lib/utils'

/** A match's lead status as a small badge. */
export function StatusBadge({ status, className }: { status: string; className?: string }) {
  return (
    <span
      className={cn('inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold', matchStatusClasses(status), className)}
      data-testid="match-status"
    >
      {matchStatusLabel(status)}
    </span>
  )
}
