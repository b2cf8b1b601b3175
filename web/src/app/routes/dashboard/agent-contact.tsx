import { Phone, UserRound } from 'lucide-react'
import { ContactHiddenNotice } from '@/components/contact-hidden-notice'
import { displayPhone, telLink, type ContactReason } from '@/shared/contact'

type AgentContactProps = {
  agentId: number
  name?: string | null
  phone?: string | null
  /** The agent's contact is hidden (agentContactHidden): their setting, or billing with no match unlocked (agentContactReason). */
  hidden?: boolean
  reason?: ContactReason

  role: string
}

/**
 * The agent behind a marketplace listing or requirement: name and a call link, or why there is none and a
 * connection request. Never the client's contact.
 */
export function AgentContact({ agentId, name, phone, hidden, reason, role }: AgentContactProps) {
  if (!name && !phone) return null
  return (
    <div className="mt-1 grid gap-0.5">
      <p className="flex flex-wrap items-center gap-x-3 gap-y-0.5 text-xs text-muted-foreground" data-testid="marketplace-agent">
        {name && (
          <span className="flex items-center gap-1">
            <UserRound className="size-3" aria-hidden />
            {role}: <span className="font-medium text-subtle-foreground">{name}</span>
          </span>
        )}
        {phone && !hidden && (
          <a
            href={telLink(phone)}
            className="flex items-center gap-1 text-accent-foreground hover:underline"
            aria-label={`Call ${name ?? 'the agent'}`}
          >
            <Phone className="size-3" aria-hidden />
            {displayPhone(phone)}
          </a>
        )}
      </p>
      {hidden && <ContactHiddenNotice agent={{ id: agentId, fullName: name ?? '' }} reason={reason} compact />}
    </div>
  )
}
