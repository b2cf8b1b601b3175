import { FileText, GraduationCap, Handshake, Home, MessageSquare, Users, type LucideIcon } from 'lucide-react'
import { Link } from 'react-router'
import type { DashboardStats } from '@/lib/api-schemas'
import { MESSAGES_COUNT } from '@/shared/dashboard-stats'
import { cn } from '@/lib/utils'
import { paths } from '@/app/paths'

type Tile = {
  key: string
  to: string
  label: string
  icon: LucideIcon
  tone: string
  count: keyof Pick<DashboardStats, 'properties' | 'requirements' | 'totalMatches' | typeof MESSAGES_COUNT | 'connections' | 'courses'>
}

/**
 * The mobile dashboard tiles with counts from /api/dashboard/stats: properties, requirements,
 * matches, messages (unread plus waiting requests, as the sidebar), accepted connections and the
 * courses open for enrolment.
 */
const tiles: Tile[] = [
  { key: 'properties', to: paths.properties.to(), label: 'My Properties', icon: Home, tone: 'bg-accent text-primary', count: 'properties' },
  {
    key: 'requirements',
    to: paths.requirements.to(),
    label: 'Requirements',
    icon: FileText,
    tone: 'bg-success/10 text-success',
    count: 'requirements',
  },
  { key: 'matches', to: paths.matches.to(), label: 'Matches', icon: Handshake, tone: 'bg-warning/10 text-warning', count: 'totalMatches' },
  {
    key: 'messages',
    to: paths.messages.to(),
    label: 'Messages',
    icon: MessageSquare,
    tone: 'bg-tag-indigo/10 text-tag-indigo-text',
    count: MESSAGES_COUNT, // the sidebar's count, not a second one
  },
  {
    key: 'connections',
    to: paths.agents.to(),
    label: 'Connections',
    icon: Users,
    tone: 'bg-tag-violet/10 text-tag-violet-text',
    count: 'connections',
  },
  {
    key: 'courses',
    to: paths.training.to(),
    label: 'Courses',
    icon: GraduationCap,
    tone: 'bg-tag-pink/10 text-tag-pink-text',
    count: 'courses',
  },
]

export function MobileTiles({ stats }: { stats: DashboardStats | undefined }) {
  const value = (count: Tile['count']) => stats?.[count]
  return (
    <nav aria-label="Dashboard shortcuts" className="grid grid-cols-3 gap-3" data-testid="mobile-tiles">
      {tiles.map(({ key, to, label, icon: Icon, tone, count }) => (
        <Link
          key={key}
          to={to}
          className="relative flex flex-col items-center gap-2 rounded-xl border border-border bg-card p-3 text-center shadow-sm transition-colors hover:bg-muted/50"
          data-testid={`tile-${key}`}
        >
          <span className={cn('flex size-10 items-center justify-center rounded-full', tone)}>
            <Icon className="size-5" aria-hidden />
          </span>
          <span className="text-xs font-medium text-foreground">{label}</span>
          {/* The space keeps "My Properties 7" apart in the link's accessible name. */}{' '}
          {value(count) !== undefined && (
            <span
              className="absolute top-2 right-2 min-w-5 rounded-full bg-primary px-1.5 py-0.5 text-[11px] leading-none font-semibold text-primary-foreground"
              data-testid={`tile-count-${key}`}
            >
              {value(count)}
            </span>
          )}
        </Link>
      ))}
    </nav>
  )
}
