import { Activity, AlertTriangle, Globe, KeyRound, type LucideIcon } from 'lucide-react'
import type { SecurityOverview } from '@/features/security/api/get-security-events'

type CardSpec = { key: keyof SecurityOverview['summary']; title: string; hint: string; icon: LucideIcon; tone: string }

const cards: CardSpec[] = [
  {
    key: 'totalEvents',
    title: 'Total Events',
    hint: 'kept for 90 days, admin actions included',
    icon: Activity,
    tone: 'bg-accent text-accent-foreground',
  },
  {
    key: 'suspiciousRequestsToday',
    title: 'Suspicious Today',
    hint: 'scanners, cross-site writes, agents on admin routes',
    icon: AlertTriangle,
    tone: 'bg-destructive/10 text-destructive',
  },
  {
    key: 'authFailuresToday',
    title: 'Auth Failures',
    hint: 'today: sign-ins and codes',
    icon: KeyRound,
    tone: 'bg-warning/10 text-warning',
  },
  {
    key: 'suspiciousIpCount',
    title: 'Suspicious IPs',
    hint: 'in the last 7 days',
    icon: Globe,
    tone: 'bg-tag-violet/10 text-tag-violet-text',
  },
]

/** The four cards of the dashboard, from GET /api/security/events ("today" starts at midnight India time). */
export function SummaryCards({ summary }: { summary: SecurityOverview['summary'] }) {
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {cards.map(({ key, title, hint, icon: Icon, tone }) => (
        <div key={key} className="rounded-xl border border-border bg-card p-4" data-testid={`card-${key}`}>
          <div className="flex items-start justify-between gap-2">
            <p className="text-sm font-medium text-subtle-foreground">{title}</p>
            <span className={`flex size-8 shrink-0 items-center justify-center rounded-lg ${tone}`}>
              <Icon className="size-4" aria-hidden />
            </span>
          </div>
          <p className="mt-1 text-2xl font-bold text-foreground tabular-nums">{summary[key].toLocaleString('en-IN')}</p>
          <p className="mt-1 text-xs text-muted-foreground">{hint}</p>
        </div>
      ))}
    </div>
  )
}
