import { usagePercent, usageText, usageTone, type UsageRow } from '@/features/billing/lib/usage'
import { cn } from '@/lib/utils'

// A native <progress> (no inline style, which the CSP refuses), styled through its pseudo-elements.
const toneClasses = {
  destructive: '[&::-moz-progress-bar]:bg-destructive [&::-webkit-progress-value]:bg-destructive',
  warning: '[&::-moz-progress-bar]:bg-warning [&::-webkit-progress-value]:bg-warning',
  primary: '[&::-moz-progress-bar]:bg-primary [&::-webkit-progress-value]:bg-primary',
} as const

/** Usage against the plan's limits, one labelled bar each. */
export function UsageBars({ rows }: { rows: UsageRow[] }) {
  return (
    <ul className="grid gap-3">
      {rows.map((row) => (
        <li key={row.label} className="grid gap-1" data-testid="usage-row">
          <div className="flex items-baseline justify-between gap-2 text-sm">
            <span className="text-subtle-foreground">{row.label}</span>
            <span className="font-medium text-foreground">{usageText(row)}</span>
          </div>
          <progress
            value={usagePercent(row)}
            max={100}
            aria-label={`${row.label}: ${usageText(row)}`}
            className={cn(
              'h-2 w-full appearance-none overflow-hidden rounded-full bg-muted [&::-webkit-progress-bar]:bg-muted',
              toneClasses[usageTone(row)],
            )}
          />
        </li>
      ))}
    </ul>
  )
}
