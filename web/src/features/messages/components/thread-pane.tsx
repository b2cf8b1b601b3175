import * as React from 'react'
import { Loader2, MessageSquare } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { useThread } from '@/features/messages/api/get-thread'
import { deleteMessage, markRead, sendMessage } from '@/features/messages/api/send-message'
import { isUnreadFor } from '@/features/messages/lib/unread'
import { Composer } from '@/features/messages/components/composer'
import { MessageBubble } from '@/features/messages/components/message-bubble'
import { PaneHeader } from '@/components/pane-header'
import { AgentAvatar } from '@/components/agent-avatar'
import { useApiMutation } from '@/lib/api-mutation'
import { pageItems } from '@/lib/paged-query'
import { EmptyState } from '@/components/empty-state'

type ThreadPaneProps = {
  userId: number
  otherUserId: number
  /** The other agent's name; null while unknown. */
  name: string | null
  picture?: string | null
  /** Unread messages from the other agent, from the conversation list. */
  unreadCount: number
  onBack: () => void
}

/** The conversation with one agent: oldest to newest, 'load earlier' for older pages, and the composer. */
export function ThreadPane({ userId, otherUserId, name, picture, unreadCount, onBack }: ThreadPaneProps) {
  const query = useThread(otherUserId)
  const messages = React.useMemo(() => pageItems(query.data).slice().reverse(), [query.data])
  const [text, setText] = React.useState('')
  const endRef = React.useRef<HTMLDivElement>(null)
  const newestId = messages.at(-1)?.id

  const send = useApiMutation(sendMessage, {
    exclusive: true,
    onSuccess: () => setText(''),
    errorToast: (error) => ({ variant: 'destructive', title: 'Error', description: error.message || 'Failed to send message' }),
  })
  const remove = useApiMutation(deleteMessage, {
    successToast: 'Message deleted successfully',
    errorToast: 'Failed to delete message',
  })
  const read = useApiMutation(markRead)

  // Opening a conversation with unread messages marks them read (docs/product.md#messages).
  const hasUnread = unreadCount > 0 || messages.some((m) => isUnreadFor(m, userId))
  // Only a new unread state (or another conversation) asks again; a failed call is not retried in a loop.
  const markUnlessMarking = React.useEffectEvent((id: number) => {
    if (!read.isPending) read.mutate(id)
  })
  React.useEffect(() => {
    if (hasUnread) markUnlessMarking(otherUserId)
  }, [hasUnread, otherUserId])

  // Keep the newest message in view when one arrives (not when older pages load above).
  React.useEffect(() => {
    if (newestId !== undefined) endRef.current?.scrollIntoView({ block: 'end' })
  }, [newestId])

  return (
    <div className="flex h-full min-h-0 flex-col" data-testid="thread-pane">
      <PaneHeader onBack={onBack}>
        <AgentAvatar name={name ?? '?'} picture={picture} />
        <div className="grid min-w-0">
          <h2 className="truncate font-semibold text-foreground">{name ?? '…'}</h2>
          <p className="text-xs text-muted-foreground">Real Estate Agent</p>
        </div>
      </PaneHeader>
      <div className="min-h-0 flex-1 overflow-y-auto bg-muted/50 p-3 md:p-4" data-testid="thread-messages">
        {query.hasNextPage && (
          <div className="mb-3 flex justify-center">
            <Button variant="outline" size="sm" onClick={() => query.fetchNextPage()} disabled={query.isFetchingNextPage}>
              {query.isFetchingNextPage && <Loader2 className="animate-spin" />} Load earlier messages
            </Button>
          </div>
        )}
        {query.isPending ? (
          <div className="flex justify-center py-8">
            <Spinner className="size-6" />
          </div>
        ) : query.isError && !query.isFetchNextPageError ? (
          <p className="py-8 text-center text-sm text-destructive" role="alert">
            Could not load messages: {query.error.message}
          </p>
        ) : messages.length === 0 ? (
          <EmptyState compact icon={MessageSquare} message="No messages yet: write the first one below." />
        ) : (
          <ol className="grid gap-2">
            {messages.map((m) => (
              <MessageBubble
                key={m.id}
                message={m}
                own={m.senderId === userId}
                deleting={remove.isPending && remove.variables === m.id}
                onDelete={() => remove.mutate(m.id)}
              />
            ))}
          </ol>
        )}
        <div ref={endRef} />
      </div>
      <Composer
        value={text}
        onChange={setText}
        pending={send.isPending}
        onSend={(content) => send.mutate({ receiverId: otherUserId, content })}
      />
    </div>
  )
}
