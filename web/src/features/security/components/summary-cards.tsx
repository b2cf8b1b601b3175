import { Activity, AlertTriangle, Globe, KeyRound, type LucideIcon } from 'lucide-react'
import type { SecurityOverview } from '@/features/security/api/security-api'

type CardSpec = { key: keyof SecurityOverview['summary']; title: string; hint: string; icon: LucideIcon; tone: string }

const cards: CardSpec[] = [
  {
    key: 'totalEvents',
    title: 'Total Events',
    hint: 'kept for 90 days, admin actions included',
    icon: Activity,
    tone: 'bg-blue-50 text-blue-700',
  },
  {
    key: 'suspiciousRequestsToday',
    title: 'Suspicious Today',
    hint: 'scanners, cross-site writes, agents on admin routes',
    icon: AlertTriangle,
    tone: 'bg-red-50 text-red-700',
  },
  {
    key: 'authFailuresToday',
    title: 'Auth Failures',
    hint: 'today: sign-ins and codes',
    icon: KeyRound,
    tone: 'bg-amber-50 text-amber-700',
  },
  { key: 'suspiciousIpCount', title: 'Suspicious IPs', hint: 'in the last 7 days', icon: Globe, tone: 'bg-violet-50 text-violet-700' },
]

/** The four cards of the dashboard, from GET /api/security/events ("today" starts at midnight India time). */
export function SummaryCards({ summary }: { summary: SecurityOverview['summary'] }) {
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {cards.map(({ key, title, hint, icon: Icon, tone }) => (
        <div key={key} className="rounded-xl border border-slate-200 bg-white p-4" data-testid={`card-${key}`}>
          <div className="flex items-start justify-between gap-2">
            <p className="text-sm font-medium text-slate-600">{title}</p>
            <span className={`flex size-8 shrink-0 items-center justify-center rounded-lg ${tone}`}>
              <Icon className="size-4" aria-hidden />
            </span>
          </div>
          <p className="mt-1 text-2xl font-bold text-slate-900 tabular-nums">{summary[key].toLocaleString('en-IN')}</p>
          <p className="mt-1 text-xs text-slate-500">{hint}</p>
        </div>
      ))}
    </div>
  )
}
