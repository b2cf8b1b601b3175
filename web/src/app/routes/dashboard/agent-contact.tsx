import { Phone, UserRound } from 'lucide-react'
import { displayPhone, telLink } from '@/lib/contact'

/** The agent behind a marketplace listing or requirement: name and a call link. Never the client's contact. */
export function AgentContact({ name, phone, role }: { name?: string | null; phone?: string | null; role: string }) {
  if (!name && !phone) return null
  return (
    <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-0.5 text-xs text-slate-500" data-testid="marketplace-agent">
      {name && (
        <span className="flex items-center gap-1">
          <UserRound className="size-3" aria-hidden />
          {role}: <span className="font-medium text-slate-700">{name}</span>
        </span>
      )}
      {phone && (
        <a
          href={telLink(phone)}
          className="flex items-center gap-1 text-blue-700 hover:underline"
          aria-label={`Call ${name ?? 'the agent'}`}
        >
          <Phone className="size-3" aria-hidden />
          {displayPhone(phone)}
        </a>
      )}
    </p>
  )
}
