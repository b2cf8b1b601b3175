import { Activity, BookOpen, Building2, FileText, Handshake, ListChecks, Mail, Timer, UserPlus, Users, type LucideIcon } from 'lucide-react'
import { Card, CardContent } from '@/components/ui/card'
import { Spinner } from '@/components/ui/spinner'
import { useAdminStats, type AdminStats, type QueueGroup } from '@/features/admin/api/get-admin-data'
import { formatAge } from '@/features/admin/lib/admin-format'

const tiles: { key: keyof AdminStats; title: string; note: string | ((s: AdminStats) => string); icon: LucideIcon }[] = [
  { key: 'totalUsers', title: 'Total Users', note: 'registered agents', icon: Users },
  { key: 'totalProperties', title: 'Total Properties', note: 'listed', icon: Building2 },
  { key: 'totalRequirements', title: 'Total Requirements', note: 'buyer requirements', icon: FileText },
  { key: 'totalMatches', title: 'Total Matches', note: 'property matches', icon: ListChecks },
  // The agents' own count (their courses badge), and those still coming soon beside it.
  {
    key: 'totalCourses',
    title: 'Training Courses',
    note: (s) => (s.comingSoonCourses > 0 ? `available courses (${s.comingSoonCourses} coming soon)` : 'available courses'),
    icon: BookOpen,
  },
  { key: 'activeConnections', title: 'Active Connections', note: 'agent connections', icon: Handshake },
  { key: 'signupsLast30Days', title: 'Sign-ups', note: 'last 30 days', icon: UserPlus },
  { key: 'activeAgentsLast7Days', title: 'Active Agents', note: 'signed in or wrote, last 7 days', icon: Activity },
]

/** The overview: every figure counted by the server (GET /api/admin/stats). */
export function OverviewTab() {
  const { data, isPending, isError, error } = useAdminStats()
  if (isPending)
    return (
      <div className="flex justify-center p-10">
        <Spinner />
      </div>
    )
  if (isError)
    return (
      <p className="text-destructive" role="alert">
        Could not load the figures: {error.message}
      </p>
    )
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-4" data-testid="admin-overview">
      {tiles.map(({ key, title, note, icon: Icon }) => (
        <Stat key={key} title={title} note={typeof note === 'function' ? note(data) : note} icon={Icon} value={String(data[key] ?? 0)} />
      ))}
      <Stat
        title="Matching Queue"
        note={queueNote(data.queue.matching, data.countedAt)}
        icon={Timer}
        value={String(data.queue.matching.due + data.queue.matching.running)}
      />
      <Stat
        title="Notification Digests"
        note={digestNote(data.queue.digests, data.countedAt)}
        icon={Mail}
        value={String(data.queue.digests.due + data.queue.digests.running + data.queue.digests.scheduled)}
      />
    </div>
  )
}

/**
 * A queue group's note. A due job's wait counts from when it became due (the server's
 * oldestDueSeconds, the rule /readyz's queue_stuck uses); a scheduled one has not waited yet.
 */
function queueNote(g: QueueGroup, countedAt: string) {
  if (g.due > 0) return `oldest waiting ${formatAge(g.oldestDueSeconds)}`
  if (g.running > 0) return `${g.running} running`
  if (g.scheduled > 0) return nextNote(g, countedAt)
  return 'nothing waiting'
}

/** Digests wait for their agent's interval on purpose: scheduled, with the next one's time. */
function digestNote(g: QueueGroup, countedAt: string) {
  if (g.due > 0) return `${g.due} due, oldest waiting ${formatAge(g.oldestDueSeconds)}`
  if (g.scheduled > 0) return nextNote(g, countedAt)
  if (g.running > 0) return `${g.running} sending`
  return 'none scheduled'
}

function nextNote(g: QueueGroup, countedAt: string) {
  const next = g.nextAt ? (Date.parse(g.nextAt) - Date.parse(countedAt)) / 1000 : NaN
  const when = Number.isFinite(next) ? `, next in ${formatAge(Math.max(0, next))}` : ''
  return `${g.scheduled} scheduled${when}`
}

function Stat({ title, note, icon: Icon, value }: { title: string; note: string; icon: LucideIcon; value: string }) {
  return (
    <Card>
      <CardContent className="flex items-start justify-between gap-2 p-4">
        <div className="min-w-0">
          <p className="text-sm font-medium text-subtle-foreground">{title}</p>
          <p className="text-2xl font-bold text-foreground">{value}</p>
          <p className="text-xs text-muted-foreground">{note}</p>
        </div>
        <Icon className="size-5 shrink-0 text-primary" aria-hidden />
      </CardContent>
    </Card>
  )
}
