import { eventTone, eventTypeLabel } from '@/features/security/lib/security-format'
import { cn } from '@/lib/utils'

const tones = {
  red: 'bg-red-100 text-red-800',
  amber: 'bg-amber-100 text-amber-800',
  blue: 'bg-blue-100 text-blue-800',
  slate: 'bg-slate-100 text-slate-700',
}

/** An event's type as a coloured badge. */
export function EventBadge({ type }: { type: string }) {
  return (
    <span className={cn('inline-flex shrink-0 items-center rounded-full px-2 py-0.5 text-xs font-semibold', tones[eventTone(type)])}>
      {eventTypeLabel(type)}
    </span>
  )
}
