import { LogOut } from 'lucide-react'
import { NavLink } from 'react-router'
import { visibleNavItems, type NavBadge } from '@/app/layouts/nav-items'
import { PropertyTypesList } from '@/app/layouts/property-types-list'
import { useAuth } from '@/lib/auth'
import { MESSAGES_COUNT, messagesBadgeTitle, useDashboardStats } from '@/shared/dashboard-stats'
import { cn } from '@/lib/utils'

/**
 * The list of sidebar links plus Logout; used by the desktop sidebar and the mobile sheet.
 * Counts come from /api/dashboard/stats (signed in only); without them no badge shows.
 */
export function SidebarNav({ onNavigate }: { onNavigate?: (to: string) => void }) {
  const { user, logoutMutation } = useAuth()
  const stats = useDashboardStats({ enabled: !!user }).data
  const badgeValue = (badge: NavBadge) => stats?.[badge]
  // The Messages badge counts unread messages and connection requests (the spec's), the top bar's unread
  // messages only: the badge says what it counts, so two numbers never look like one number twice.
  const badgeTitle = (badge: NavBadge) =>
    badge === MESSAGES_COUNT && stats ? messagesBadgeTitle(stats.unreadMessages, stats.pendingRequests) : undefined
  return (
    <nav className="flex flex-1 flex-col gap-1 overflow-y-auto p-3" aria-label="Main">
      {visibleNavItems(user).map(({ to, label, icon: Icon, badge }) => (
        <NavLink
          key={to}
          to={to}
          onClick={() => onNavigate?.(to)}
          className={({ isActive }) =>
            cn(
              'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium transition-colors',
              isActive ? 'bg-accent text-accent-foreground' : 'text-subtle-foreground hover:bg-muted hover:text-foreground',
            )
          }
        >
          <Icon className="size-4 shrink-0" aria-hidden />
          {label}
          {/* The space keeps "My Properties 7" apart in the link's accessible name. */}
          {badge && badgeValue(badge) !== undefined && ' '}
          {badge && badgeValue(badge) !== undefined && (
            <span
              className="ml-auto rounded-full bg-muted px-2 py-0.5 text-xs font-semibold text-subtle-foreground"
              data-testid={`nav-badge-${badge}`}
              title={badgeTitle(badge)}
            >
              {badgeValue(badge)}
              {badgeTitle(badge) && <span className="sr-only"> ({badgeTitle(badge)})</span>}
            </span>
          )}
        </NavLink>
      ))}
      {stats && <PropertyTypesList counts={stats.propertyTypes} />}
      <div className="mt-auto border-t border-border pt-3">
        <button
          type="button"
          onClick={() => logoutMutation.mutate()}
          disabled={logoutMutation.isPending}
          className="flex w-full items-center gap-3 rounded-md px-3 py-2 text-sm font-medium text-subtle-foreground transition-colors hover:bg-destructive/10 hover:text-destructive disabled:opacity-50"
        >
          <LogOut className="size-4 shrink-0" aria-hidden />
          Logout
        </button>
      </div>
    </nav>
  )
}
