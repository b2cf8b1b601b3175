import { Activity, BookOpen, Building2, FileText, Handshake, ListChecks, Timer, UserPlus, Users, type LucideIcon } from 'lucide-react'
import { Card, CardContent } from '@/components/ui/card'
import { Spinner } from '@/components/ui/spinner'
import { useAdminStats, type AdminStats } from '@/features/admin/api/get-admin-data'
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
        note={data.queueDepth > 0 ? `oldest waiting ${formatAge(data.queueOldestSeconds)}` : 'nothing waiting'}
        icon={Timer}
        value={String(data.queueDepth)}
      />
    </div>
  )
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
