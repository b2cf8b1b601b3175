import { BadgeCheck, Briefcase, Building2, MapPin, MessageSquare, Phone, Star } from 'lucide-react'
import { Link } from 'react-router'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { AgentAvatar } from '@/components/agent-avatar'
import { ConnectionControl } from '@/features/network/components/connection-control'
import { agentTypeBadge } from '@/shared/agent-labels'
import { relationshipOf } from '@/features/network/lib/connection-state'
import type { DirectoryAgent } from '@/lib/api-schemas'
import { contactHiddenText, displayPhone } from '@/shared/contact'
import { paths } from '@/app/paths'
import { reraBadgeText } from '@/shared/rera'

function Fact({ icon: Icon, children }: { icon: typeof Phone; children: React.ReactNode }) {
  return (
    <p className="flex min-w-0 items-center gap-1.5 text-sm text-subtle-foreground">
      <Icon className="size-3.5 shrink-0 text-muted-foreground" aria-hidden />
      <span className="truncate">{children}</span>
    </p>
  )
}

type AgentCardProps = { agent: DirectoryAgent; userId: number; onConnect: (agent: DirectoryAgent) => void }

/** One agent of the directory with the connection control and a Message button (enabled once connected). */
export function AgentCard({ agent, userId, onConnect }: AgentCardProps) {
  const connected = relationshipOf(agent.connection, userId) === 'accepted'
  return (
    <Card className="flex min-w-0 flex-col gap-3 p-4" data-testid="agent-card">
      <div className="flex min-w-0 items-start gap-3">
        <AgentAvatar name={agent.fullName} picture={agent.profilePicture} className="size-12 text-lg" />
        <div className="grid min-w-0 gap-1">
          <h3 className="truncate font-semibold text-foreground">{agent.fullName}</h3>
          <div className="flex flex-wrap gap-1">
            <Badge variant="secondary">{agentTypeBadge(agent.agentType)}</Badge>
            {agent.isReraVerified && (
              <Badge variant="success">
                <BadgeCheck className="mr-1 size-3" aria-hidden /> {reraBadgeText(agent.reraValidUntil)}
              </Badge>
            )}
          </div>
        </div>
      </div>
      <div className="grid gap-1">
        <Fact icon={MapPin}>{[agent.city, agent.state].filter(Boolean).join(', ')}</Fact>
        <Fact icon={Phone}>
          {agent.contactHidden
            ? contactHiddenText(agent.fullName, agent.contactReason)
            : agent.phone
              ? displayPhone(agent.phone)
              : 'Not provided'}
        </Fact>
        <Fact icon={BadgeCheck}>RERA: {agent.reraNumber || 'Not provided'}</Fact>
        <Fact icon={Briefcase}>
          Experience: {agent.experience != null ? `${agent.experience} ${agent.experience === 1 ? 'year' : 'years'}` : 'Not specified'}
        </Fact>
        <Fact icon={Building2}>
          {agent.activeListings} active {agent.activeListings === 1 ? 'listing' : 'listings'}
        </Fact>
        <Fact icon={Star}>Specialization: {agent.specialization || 'Not specified'}</Fact>
      </div>
      {agent.bio && (
        <p className="line-clamp-2 text-sm text-subtle-foreground" data-testid="agent-bio" title={agent.bio}>
          {agent.bio}
        </p>
      )}
      <div className="mt-auto flex flex-wrap items-center justify-between gap-2 border-t border-border/60 pt-3">
        <ConnectionControl connection={agent.connection} userId={userId} agentName={agent.fullName} onConnect={() => onConnect(agent)} />
        {connected ? (
          <Button asChild size="sm" variant="outline">
            <Link to={paths.messages.to({ withAgent: agent.id })}>
              <MessageSquare /> Message
            </Link>
          </Button>
        ) : (
          <Button size="sm" variant="outline" disabled>
            <MessageSquare /> Connect First
          </Button>
        )}
      </div>
    </Card>
  )
}
