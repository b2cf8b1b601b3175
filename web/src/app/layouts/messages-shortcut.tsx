import * as React from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { MessageSquare } from 'lucide-react'
import { Link } from 'react-router'
import { Button } from '@/components/ui/button'
import { useUnreadCount } from '@/features/messages/api/get-unread-count'
import { dashboardStatsKeys } from '@/shared/dashboard-stats'
import type { DashboardStats } from '@/lib/api-schemas'
import { paths } from '@/app/paths'

/**
 * The top bar's link to /messages with the unread-message badge (desktop and mobile). The count is
 * polled every 30 s as a fallback to the live events; when it disagrees with settled dashboard
 * stats, those (the sidebar badges) are refreshed too so both agree.
 */
export function MessagesShortcut() {
  const count = useUnreadCount().data?.count
  const queryClient = useQueryClient()
  React.useEffect(() => {
    if (count === undefined) return
    const key = dashboardStatsKeys.all()
    const stats = queryClient.getQueryData<DashboardStats>(key)
    const idle = queryClient.getQueryState(key)?.fetchStatus === 'idle'
    if (stats && idle && stats.unreadMessages !== count) void queryClient.invalidateQueries({ queryKey: key })
  }, [count, queryClient])

  const label = count ? `Messages, ${count} unread ${count === 1 ? 'message' : 'messages'}` : 'Messages'
  return (
    <Button asChild variant="ghost" size="icon" className="relative">
      <Link to={paths.messages.to()} aria-label={label}>
        <MessageSquare className="size-5" />
        {!!count && (
          <span
            className="absolute top-1 right-1 min-w-4 rounded-full bg-destructive px-1 text-center text-[10px] leading-4 font-semibold text-destructive-foreground"
            data-testid="unread-badge"
            title={`${count} unread ${count === 1 ? 'message' : 'messages'}`}
            aria-hidden
          >
            {count > 99 ? '99+' : count}
          </span>
        )}
      </Link>
    </Button>
  )
}
