import type { Progress } from '@/features/training/lib/course-options'
import { progressPercent } from '@/features/training/lib/course-style'
import { cn } from '@/lib/utils'

/**
 * Modules done as a bar and "2 of 5 modules · 40%". A native <progress> (no inline style, which the
 * CSP refuses), styled through its pseudo-elements.
 */
export function ProgressBar({ progress, className }: { progress: Progress; className?: string }) {
  const percent = progressPercent(progress)
  return (
    <div className={cn('grid gap-1', className)} data-testid="course-progress">
      <progress
        value={progress.completed}
        max={Math.max(progress.total, 1)}
        aria-label={`${progress.completed} of ${progress.total} modules done`}
        className="h-2 w-full appearance-none overflow-hidden rounded-full bg-border [&::-moz-progress-bar]:bg-primary [&::-webkit-progress-bar]:bg-border [&::-webkit-progress-value]:bg-primary"
      />
      <p className="text-xs text-subtle-foreground">
        {progress.completed} of {progress.total} modules · {percent}%
      </p>
    </div>
  )
}
