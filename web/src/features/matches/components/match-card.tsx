import { Eye, MessageCircle, Phone } from 'lucide-react'
import { Link } from 'react-router'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { AlsoListedBy } from '@/components/also-listed-by'
import { ContactHiddenNotice } from '@/components/contact-hidden-notice'
import { UnlockContact } from '@/components/unlock-contact'
import { AgentSummary } from '@/features/matches/components/agent-summary'
import { MessageAgentButton } from '@/features/matches/components/message-agent-button'
import { ScoreBadge } from '@/features/matches/components/score-badge'
import { ShareClientName } from '@/features/matches/components/share-client-name'
import { StatusBadge } from '@/features/matches/components/status-badge'
import { notePreview } from '@/features/matches/lib/match-labels'
import type { Match } from '@/lib/api-schemas'
import { callForMatch, contactHiddenText, contactLocked, counterpartAgent, whatsappForMatch, type MatchSide } from '@/shared/contact'
import { formatDate, formatListingPrice, formatPrice, isMonthly } from '@/shared/format'
import { bedroomsLabel, listingPurposeLabel, minBedroomsLabel, propertyTypeLabel } from '@/shared/listing-vocabulary'
import { paths } from '@/app/paths'

function Fact({ label, value }: { label: string; value: React.ReactNode }) {
  if (value === '' || value === null || value === undefined) return null
  return (
    <p className="text-sm">
      <span className="text-muted-foreground">{label}: </span>
      <span className="text-foreground">{value}</span>
    </p>
  )
}

function PropertyFacts({ match }: { match: Match }) {
  const p = match.property
  return (
    <div className="grid gap-1" data-testid="match-property">
      <h3 className="font-semibold break-words text-foreground">{p.title}</h3>
      <p className="text-sm text-subtle-foreground">{[p.locality, p.city].filter(Boolean).join(', ')}</p>
      <div className="grid gap-x-4 sm:grid-cols-2">
        <Fact label="Purpose" value={listingPurposeLabel(p.listingPurpose)} />
        <Fact label="Price" value={formatListingPrice(p.price, p.listingPurpose)} />
        <Fact label="Type" value={propertyTypeLabel(p.propertyType)} />
        <Fact label="Bedrooms" value={p.bedrooms != null ? bedroomsLabel(p.bedrooms) : ''} />
        <Fact label="Built-up area" value={p.builtUpArea != null ? `${p.builtUpArea} sq.ft` : ''} />
      </div>
    </div>
  )
}

function RequirementFacts({ match }: { match: Match }) {
  const r = match.requirement
  const budget =
    r.minPrice != null || r.maxPrice != null
      ? `${r.minPrice != null ? formatPrice(r.minPrice) : 'Any'} - ${r.maxPrice != null ? formatPrice(r.maxPrice) : 'Any'}${isMonthly(r.listingPurpose) ? '/month' : ''}`
      : ''
  return (
    <div className="grid gap-1" data-testid="match-requirement">
      <h3 className="font-semibold break-words text-foreground">{r.clientName}</h3>
      <p className="text-sm text-subtle-foreground">{r.preferredCities.join(', ')}</p>
      <div className="grid gap-x-4 sm:grid-cols-2">
        <Fact label="Budget" value={budget} />
        <Fact label="Types" value={r.propertyTypes.map(propertyTypeLabel).join(', ')} />
        <Fact label="Bedrooms" value={minBedroomsLabel(r.minBedrooms)} />
      </div>
    </div>
  )
}

/** The seller agent's own listing that matched, so two cards for one client tell apart; links to it on My Properties. */
function MyListing({ match }: { match: Match }) {
  const p = match.property
  return (
    <p className="min-w-0 rounded-md bg-muted/50 px-3 py-2 text-sm" data-testid="match-my-listing">
      <span className="text-muted-foreground">Your listing: </span>
      <Link
        to={paths.properties.to({ listing: match.propertyId })}
        className="font-medium break-words text-accent-foreground hover:underline"
      >
        {p.title}
      </Link>
      <span className="text-muted-foreground">
        {' '}
        · {[p.locality, formatListingPrice(p.price, p.listingPurpose)].filter(Boolean).join(' · ')}
      </span>
    </p>
  )
}

/**
 * The buyer agent's own requirement this match is for ("For your client: Ramesh Kumar"), so two cards
 * for one listing tell apart; links to it on My Requirements. The buyer agent owns the requirement, so
 * the API gives them the client's full name (docs/product.md#privacy).
 */
function ForClient({ match }: { match: Match }) {
  const r = match.requirement
  return (
    <p className="min-w-0 rounded-md bg-muted/50 px-3 py-2 text-sm" data-testid="match-for-client">
      <span className="text-muted-foreground">For your client: </span>
      <Link
        to={paths.requirements.to({ requirement: match.requirementId })}
        className="font-medium break-words text-accent-foreground hover:underline"
      >
        {r.clientName}
      </Link>
      {r.preferredCities.length > 0 && <span className="text-muted-foreground"> · {r.preferredCities.join(', ')}</span>}
    </p>
  )
}

type MatchCardProps = { match: Match; side: MatchSide; onDetails: () => void }

/**
 * One match as the buyer agent (the property) or the seller agent (the requirement) sees it; status and
 * notes are the viewer's own side. The buyer agent can share the client's full name with the seller agent.
 */
export function MatchCard({ match, side, onDetails }: MatchCardProps) {
  const preview = notePreview(match.notes)
  const counterpart = counterpartAgent(match, side)
  const hidden = counterpart?.contactHidden ? contactHiddenText(counterpart.fullName, counterpart.contactReason) : undefined
  const locked = contactLocked(counterpart)
  return (
    <Card className="flex min-w-0 flex-col gap-3 p-4" data-testid="match-card">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <ScoreBadge score={match.matchScore} />
          <StatusBadge status={match.status} />
        </div>
        <span className="text-xs text-muted-foreground">{formatDate(match.createdAt)}</span>
      </div>
      {side === 'buyer' ? <PropertyFacts match={match} /> : <RequirementFacts match={match} />}
      {side === 'seller' ? <MyListing match={match} /> : <ForClient match={match} />}
      <AgentSummary agent={counterpart} role={side === 'buyer' ? 'Seller agent' : 'Buyer agent'} />
      {side === 'buyer' && <AlsoListedBy others={match.alsoListedBy} />}
      {preview && (
        <p className="text-sm text-subtle-foreground" data-testid="match-notes">
          <span className="text-muted-foreground">Notes: </span>
          {preview}
        </p>
      )}
      {side === 'buyer' && <ShareClientName match={match} />}
      {/* mt-auto keeps the actions on the card's bottom edge, so cards side by side line them up. */}
      {/* On a phone the four actions share one row (issue 25: WhatsApp never wraps alone): icon over label. */}
      <div
        className="mt-auto grid grid-cols-4 gap-1.5 sm:flex sm:flex-wrap sm:gap-2 max-sm:[&>*]:h-auto max-sm:[&>*]:min-w-0 max-sm:[&>*]:flex-col max-sm:[&>*]:gap-0.5 max-sm:[&>*]:px-1 max-sm:[&>*]:py-1.5 max-sm:[&>*]:text-xs"
        data-testid="match-actions"
      >
        <Button size="sm" variant="outline" onClick={onDetails}>
          <Eye /> Details
        </Button>
        <Button size="sm" variant="outline" disabled={!!hidden} title={hidden} onClick={() => callForMatch(match, side)}>
          <Phone /> Call
        </Button>
        <MessageAgentButton match={match} side={side} size="sm" locked={locked ? hidden : undefined} />
        <Button
          size="sm"
          className="bg-success text-success-foreground hover:bg-success/90"
          disabled={!!hidden}
          title={hidden}
          onClick={() => whatsappForMatch(match, side)}
        >
          <MessageCircle /> WhatsApp
        </Button>
      </div>
      {counterpart?.contactHidden &&
        (locked ? <UnlockContact matchId={match.id} agentName={counterpart.fullName} /> : <ContactHiddenNotice agent={counterpart} />)}
    </Card>
  )
}
