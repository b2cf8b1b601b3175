import { scoreClasses } from '@/shared/format'
import { cn } from '@/lib/utils'

/** The match score as a coloured percentage (green 90+, yellow 70-89, red below). */
export function ScoreBadge({ score, className }: { score: number; className?: string }) {
  return (
    <span
      className={cn('inline-flex items-center rounded-full border px-2.5 py-0.5 text-sm font-bold', scoreClasses(score), className)}
      data-testid="match-score"
    >
      {score}%
    </span>
  )
}
