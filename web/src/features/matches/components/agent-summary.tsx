import { BadgeCheck, MapPin, Phone } from 'lucide-react'
import type { Agent } from '@/lib/api-schemas'
import { contactHiddenText } from '@/shared/contact'
import { formatPhone } from '@/lib/phone-display'

/** The counterpart agent on a match card: name, phone, city and RERA number. */
export function AgentSummary({ agent, role }: { agent: Agent | undefined; role: string }) {
  if (!agent) return <p className="text-sm text-muted-foreground">Agent information not available</p>
  return (
    <div className="grid gap-1 rounded-md bg-muted/50 p-3 text-sm" data-testid="counterpart-agent">
      <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{role}</p>
      <p className="font-medium text-foreground">{agent.fullName}</p>
      <p className="flex items-center gap-1 text-subtle-foreground">
        <Phone className="size-3.5" aria-hidden />{' '}
        {agent.contactHidden
          ? contactHiddenText(agent.fullName, agent.contactReason)
          : agent.phone
            ? formatPhone(agent.phone)
            : 'Not available'}
      </p>
      <p className="flex items-center gap-1 text-subtle-foreground">
        <MapPin className="size-3.5" aria-hidden /> {agent.city}
      </p>
      <p className="flex items-center gap-1 text-subtle-foreground">
        <BadgeCheck className="size-3.5" aria-hidden /> RERA: {agent.reraNumber || 'Not provided'}
      </p>
    </div>
  )
}
