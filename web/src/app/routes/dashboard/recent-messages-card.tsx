import { MessageSquare } from 'lucide-react'
import { Link } from 'react-router'
import { Button } from '@/components/ui/button'
import { DASHBOARD_LIST_SIZE, DashboardListCard } from '@/app/routes/dashboard/dashboard-list-card'
import { useRecentMessages } from '@/features/messages/api/get-recent-messages'
import { isUnreadFor } from '@/features/messages/lib/unread'
import { formatDate } from '@/shared/format'
import { EmptyState } from '@/components/empty-state'
import { paths } from '@/app/paths'

/** Side card: the 3 newest messages (GET /api/messages?limit=3) with their date and an unread dot. */
export function RecentMessagesCard({ userId }: { userId: number }) {
  const query = useRecentMessages(DASHBOARD_LIST_SIZE)
  const messages = (query.data ?? []).slice(0, DASHBOARD_LIST_SIZE)
  return (
    <DashboardListCard
      data-testid="recent-messages-card"
      title={
        <>
          <MessageSquare className="size-4 text-primary" aria-hidden /> Recent Messages
        </>
      }
      viewAllTo={paths.messages.to()}
      query={query}
      errorText="Messages could not be loaded."
      isEmpty={messages.length === 0}
      empty={
        <EmptyState
          compact
          icon={MessageSquare}
          data-testid="no-recent-messages"
          message="No messages yet: connect with agents to start a conversation."
          action={
            <Button asChild size="sm" variant="outline">
              <Link to={paths.agents.to()}>Find Agents</Link>
            </Button>
          }
        />
      }
    >
      <ul className="grid min-w-0 gap-2">
        {messages.map((m) => {
          const unread = isUnreadFor(m, userId)
          const other = m.senderId === userId ? m.receiverId : m.senderId
          return (
            <li key={m.id} className="min-w-0">
              <Link
                to={paths.messages.to({ withAgent: other })}
                className="flex min-w-0 items-start gap-2 rounded-lg border border-border p-3 transition-colors hover:bg-muted/50"
                data-testid="recent-message"
              >
                <span
                  className={unread ? 'mt-1.5 size-2 shrink-0 rounded-full bg-primary' : 'mt-1.5 size-2 shrink-0'}
                  data-testid={unread ? 'unread-dot' : undefined}
                  aria-label={unread ? 'Unread' : undefined}
                />
                <span className="grid min-w-0 flex-1 gap-0.5">
                  <span className={`truncate text-sm ${unread ? 'font-semibold text-foreground' : 'text-subtle-foreground'}`}>
                    {m.senderId === userId ? 'You: ' : ''}
                    {m.content}
                  </span>
                  <span className="text-xs text-muted-foreground">{formatDate(m.createdAt)}</span>
                </span>
              </Link>
            </li>
          )
        })}
      </ul>
    </DashboardListCard>
  )
}
