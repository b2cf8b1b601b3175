import { Loader2, Trash2 } from 'lucide-react'
import { formatMessageTime } from '@/features/messages/lib/message-time'
import type { Message } from '@/lib/api-schemas'
import { cn } from '@/lib/utils'

type MessageBubbleProps = { message: Message; own: boolean; deleting: boolean; onDelete: () => void }

/** One message: own ones on the right with a delete control, the other agent's on the left. */
export function MessageBubble({ message, own, deleting, onDelete }: MessageBubbleProps) {
  return (
    <li
      className={cn('group flex max-w-[85%] items-end gap-1 md:max-w-[70%]', own ? 'ml-auto flex-row-reverse' : 'mr-auto')}
      data-testid="message"
      data-own={own}
    >
      <div
        className={cn(
          'min-w-0 rounded-2xl px-3 py-2 text-sm shadow-sm',
          own ? 'rounded-br-sm bg-primary text-primary-foreground' : 'rounded-bl-sm border border-border bg-card text-foreground',
        )}
      >
        <p className="break-words whitespace-pre-wrap">{message.content}</p>
        <p className={cn('mt-1 text-right text-[11px]', own ? 'text-primary-foreground/80' : 'text-muted-foreground')}>
          <time dateTime={message.createdAt}>{formatMessageTime(message.createdAt)}</time>
        </p>
      </div>
      {own && (
        <button
          type="button"
          onClick={onDelete}
          disabled={deleting}
          aria-label="Delete message"
          className="rounded-md p-1 text-muted-foreground hover:bg-destructive/10 hover:text-destructive focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none disabled:opacity-50"
        >
          {deleting ? <Loader2 className="size-4 animate-spin" /> : <Trash2 className="size-4" />}
        </button>
      )}
    </li>
  )
}
