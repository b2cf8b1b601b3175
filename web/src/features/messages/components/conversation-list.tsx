import { MessageSquare } from 'lucide-react'
import { Link } from 'react-router'
import { Button } from '@/components/ui/button'
import { Badge } from '@/components/ui/badge'
import { formatMessageTime } from '@/features/messages/lib/message-time'
import type { ListEntry } from '@/features/messages/lib/conversation-list'
import { AgentAvatar } from '@/components/agent-avatar'
import { unknownAgentName } from '@/shared/format'
import { cn } from '@/lib/utils'
import { EmptyState } from '@/components/empty-state'
import { paths } from '@/app/paths'

type ConversationListProps = {
  entries: ListEntry[]
  selectedKey: string | null
  userId: number
  onSelect: (entry: ListEntry) => void
}

function RequestRow({ entry }: { entry: Extract<ListEntry, { kind: 'request' }> }) {
  const from = entry.connection.requester
  return (
    <>
      <AgentAvatar name={from.fullName} picture={from.profilePicture} />
      <span className="grid min-w-0 flex-1 grid-cols-[minmax(0,1fr)] justify-items-start gap-0.5">
        <span className="max-w-full truncate font-medium text-foreground">Connection Request</span>
        <span className="max-w-full truncate text-sm text-muted-foreground">{from.fullName} wants to connect</span>
        <Badge className="mt-0.5">New Request</Badge>
      </span>
    </>
  )
}

function ThreadRow({ entry, userId }: { entry: Extract<ListEntry, { kind: 'thread' }>; userId: number }) {
  const name = entry.counterpart?.fullName ?? unknownAgentName(entry.userId)
  const last = entry.lastMessage
  return (
    <>
      <AgentAvatar name={name} picture={entry.counterpart?.profilePicture} />
      {/* One column that may shrink below its content, so long names and previews end in an ellipsis
          and the time and unread count always stay in view (docs/product.md#messages). */}
      <span className="grid min-w-0 flex-1 grid-cols-[minmax(0,1fr)] gap-0.5">
        <span className="flex min-w-0 items-center justify-between gap-2">
          <span className={cn('min-w-0 truncate text-foreground', entry.unreadCount > 0 ? 'font-semibold' : 'font-medium')}>{name}</span>
          {last && (
            <span className="shrink-0 text-xs whitespace-nowrap text-muted-foreground" data-testid="conversation-time">
              {formatMessageTime(last.createdAt)}
            </span>
          )}
        </span>
        <span className="flex min-w-0 items-center justify-between gap-2">
          <span className="min-w-0 truncate text-sm text-muted-foreground" data-testid="conversation-preview">
            {last ? `${last.senderId === userId ? 'You: ' : ''}${last.content}` : 'No messages yet'}
          </span>
          {entry.unreadCount > 0 && (
            <span
              className="shrink-0 rounded-full bg-primary px-2 py-0.5 text-xs font-semibold text-primary-foreground"
              data-testid="unread-count"
              aria-label={`${entry.unreadCount} unread`}
            >
              {entry.unreadCount}
            </span>
          )}
        </span>
      </span>
    </>
  )
}

/** The left list: request conversations first, then conversations by latest activity. */
export function ConversationList({ entries, selectedKey, userId, onSelect }: ConversationListProps) {
  if (entries.length === 0) {
    return (
      <EmptyState
        icon={MessageSquare}
        data-testid="conversations-empty"
        message="No conversations yet: connect with agents in the Agent Network to start messaging."
        action={
          <Button asChild variant="outline">
            <Link to={paths.agents.to()}>Find Agents</Link>
          </Button>
        }
      />
    )
  }
  return (
    <ul className="divide-y divide-border/60" data-testid="conversation-list">
      {entries.map((entry) => (
        <li key={entry.key}>
          <button
            type="button"
            onClick={() => onSelect(entry)}
            aria-current={entry.key === selectedKey ? 'true' : undefined}
            className={cn(
              'flex w-full min-w-0 items-center gap-3 px-3 py-3 text-left transition-colors hover:bg-muted/50 focus-visible:bg-muted/50 focus-visible:outline-none',
              entry.key === selectedKey && 'bg-accent hover:bg-accent',
            )}
            data-testid="conversation"
            data-kind={entry.kind}
          >
            {entry.kind === 'request' ? <RequestRow entry={entry} /> : <ThreadRow entry={entry} userId={userId} />}
          </button>
        </li>
      ))}
    </ul>
  )
}
