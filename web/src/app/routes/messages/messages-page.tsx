import * as React from 'react'
import { MessageSquare } from 'lucide-react'
import { useSearchParams } from 'react-router'
import { LoadMore } from '@/components/load-more'
import { Card } from '@/components/ui/card'
import { Spinner } from '@/components/ui/spinner'
import { useAuth } from '@/lib/auth'
import { useConversations } from '@/features/messages/api/get-conversations'
import { ConversationList } from '@/features/messages/components/conversation-list'
import { RequestPane } from '@/features/network/components/request-pane'
import { ThreadPane } from '@/features/messages/components/thread-pane'
import { buildConversationList, requestKey, threadKey, type ListEntry } from '@/features/messages/lib/conversation-list'
import { useConnections } from '@/features/network/api/get-connections'
import { useUsers } from '@/features/network/api/get-users'
import { unknownAgentName } from '@/shared/format'
import { receivedPending } from '@/features/network/lib/connection-state'
import { pageItems } from '@/lib/paged-query'
import { cn } from '@/lib/utils'

/** A positive integer from a query parameter, else null. */
function idParam(value: string | null) {
  const n = Number(value)
  return Number.isInteger(n) && n > 0 ? n : null
}

function EmptyPane() {
  return (
    <div
      className="grid h-full place-content-center justify-items-center gap-2 p-8 text-center text-muted-foreground"
      data-testid="empty-pane"
    >
      <MessageSquare className="size-10 text-muted-foreground/50" aria-hidden />
      <p className="font-medium text-subtle-foreground">Select a conversation</p>
    </div>
  )
}

/**
 * /messages (docs/product.md#messages). The open conversation lives in the URL: ?with=<userId> for a
 * conversation (also one without messages yet) and ?request=<connectionId> for a pending request.
 * From 768 px the list and the pane sit side by side; below, one shows at a time with a back button.
 */
export function MessagesPage() {
  const { user } = useAuth()
  const [params, setParams] = useSearchParams()
  const withId = idParam(params.get('with'))
  const requestId = withId ? null : idParam(params.get('request'))

  const conversationsQuery = useConversations()
  const pendingQuery = useConnections('pending', 'received')
  const conversations = pageItems(conversationsQuery.data)
  const requests = user ? receivedPending(pageItems(pendingQuery.data), user.id) : []

  // A user opened by ?with= without a loaded conversation: fetch their name card.
  const known = conversations.find((c) => c.counterpart.id === withId)
  const needsName = withId !== null && !known && !conversationsQuery.isPending
  const users = useUsers(needsName ? [withId] : [])
  const draftCard = users.data?.find((u) => u.id === withId) ?? null
  const draft = needsName ? { userId: withId, counterpart: draftCard } : null

  const entries = buildConversationList({ requests, conversations, draft })
  const selectedKey = withId ? threadKey(withId) : requestId ? requestKey(requestId) : null
  const selected = entries.find((e) => e.key === selectedKey)

  React.useEffect(() => {
    document.title = 'Messages · PropMatch'
  }, [])

  if (!user) return null

  const open = (entry: ListEntry) =>
    setParams(entry.kind === 'request' ? { request: String(entry.connection.id) } : { with: String(entry.userId) })
  const back = () => setParams({})

  let pane: React.ReactNode = <EmptyPane />
  if (withId) {
    const card = known?.counterpart ?? draftCard
    const name = card?.fullName ?? (needsName && !users.isPending ? unknownAgentName(withId) : null)
    pane = (
      <ThreadPane
        key={withId}
        userId={user.id}
        otherUserId={withId}
        name={name}
        picture={card?.profilePicture}
        unreadCount={known?.unreadCount ?? 0}
        onBack={back}
      />
    )
  } else if (selected?.kind === 'request') {
    pane = (
      <RequestPane
        key={selected.key}
        connection={selected.connection}
        onBack={back}
        onAccepted={(requesterId) => setParams({ with: String(requesterId) })}
        onDeclined={back}
      />
    )
  }

  const listLoading = conversationsQuery.isPending || pendingQuery.isPending
  return (
    <div className="mx-auto flex h-[calc(100dvh-6rem)] max-w-6xl flex-col gap-4 md:h-[calc(100dvh-8rem)]">
      <h1 className={cn('text-2xl font-bold tracking-tight text-foreground', selectedKey && 'hidden md:block')}>Messages</h1>
      <Card className="grid min-h-0 flex-1 grid-cols-[minmax(0,1fr)] grid-rows-1 overflow-hidden md:grid-cols-[20rem_minmax(0,1fr)]">
        <aside
          className={cn(
            'min-h-0 min-w-0 flex-col overflow-x-hidden overflow-y-auto border-border md:border-r',
            selectedKey ? 'hidden md:flex' : 'flex',
          )}
          aria-label="Conversations"
        >
          {listLoading ? (
            <div className="flex justify-center py-12">
              <Spinner className="size-6" />
            </div>
          ) : conversationsQuery.isError && !conversationsQuery.isFetchNextPageError ? (
            <p className="px-4 py-12 text-center text-sm text-destructive" role="alert">
              Could not load conversations: {conversationsQuery.error.message}
            </p>
          ) : (
            <>
              <ConversationList entries={entries} selectedKey={selectedKey} userId={user.id} onSelect={open} />
              <LoadMore query={conversationsQuery} />
              <LoadMore query={pendingQuery} />
            </>
          )}
        </aside>
        <section className={cn('min-h-0 min-w-0 flex-col', selectedKey ? 'flex' : 'hidden md:flex')} aria-label="Conversation">
          {pane}
        </section>
      </Card>
    </div>
  )
}
