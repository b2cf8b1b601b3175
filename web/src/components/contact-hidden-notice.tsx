import * as React from 'react'
import { useQuery } from '@tanstack/react-query'
import { Lock, UserPlus } from 'lucide-react'
import { ConnectDialog, type ConnectTarget } from '@/components/connect-dialog'
import { Button } from '@/components/ui/button'
import { userQueryOptions } from '@/lib/auth'
import { contactHiddenText, type ContactReason } from '@/shared/contact'
import { cn } from '@/lib/utils'

type ContactHiddenNoticeProps = {
  agent: ConnectTarget
  /** Why the contact is hidden (the agent's setting by default; 'locked': billing, no unlocked match). */
  reason?: ContactReason | null
  className?: string
  compact?: boolean
}

/**
 * Says why an agent's Call and WhatsApp are unavailable (they share contact details with connections only,
 * or, with billing on, no match with them is unlocked) and offers a connection request, through the
 * directory's Send Connection Request dialog: connections contact each other freely.
 */
export function ContactHiddenNotice({ agent, reason, className, compact }: ContactHiddenNoticeProps) {
  // The signed-in agent is already loaded by the shell; this only reads it (the introduction names them).
  const { data: user } = useQuery({ ...userQueryOptions(), enabled: false })
  const [open, setOpen] = React.useState(false)
  return (
    <div
      role="note"
      data-testid="contact-hidden"
      className={cn(
        'flex flex-wrap items-center gap-x-2 gap-y-1 text-subtle-foreground',
        compact ? 'text-xs' : 'rounded-md bg-muted p-2 text-sm',
        className,
      )}
    >
      <span className="flex min-w-0 items-center gap-1.5">
        <Lock className="size-3.5 shrink-0 text-muted-foreground" aria-hidden />
        <span>{contactHiddenText(agent.fullName, reason)}.</span>
      </span>
      {user && (
        <>
          <Button
            type="button"
            size="sm"
            variant={compact ? 'link' : 'outline'}
            className={cn(compact && 'h-auto p-0 text-xs')}
            onClick={() => setOpen(true)}
          >
            <UserPlus /> Send connection request
          </Button>
          <ConnectDialog agent={open ? agent : null} sender={user} onOpenChange={setOpen} />
        </>
      )}
    </div>
  )
}
