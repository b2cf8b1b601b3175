import { eventTone, eventTypeLabel } from '@/features/security/lib/security-format'
import { cn } from '@/lib/utils'

const tones = {
  red: 'bg-destructive-soft text-destructive',
  amber: 'bg-warning-soft text-warning',
  blue: 'bg-info-soft text-info',
  slate: 'bg-muted text-subtle-foreground',
}

/** An event's type as a coloured badge. */
export function EventBadge({ type }: { type: string }) {
  return (
    <span className={cn('inline-flex shrink-0 items-center rounded-full px-2 py-0.5 text-xs font-semibold', tones[eventTone(type)])}>
      {eventTypeLabel(type)}
    </span>
  )
}
