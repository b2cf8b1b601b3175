import { Lock } from 'lucide-react'
import type { Match } from '@/lib/api-schemas'
import { contactHiddenText, counterpartAgent, type MatchSide } from '@/shared/contact'
import { formatListingPrice, formatPrice, isMonthly, priceLabel } from '@/shared/format'
import { bedroomsLabel, listingPurposeLabel, minBedroomsLabel, propertyTypeLabel } from '@/shared/listing-vocabulary'
import { formatPhone } from '@/lib/phone-display'

function Row({ label, value }: { label: string; value: React.ReactNode }) {
  if (value === '' || value === null || value === undefined) return null
  return (
    <div className="grid grid-cols-[minmax(0,7.5rem)_minmax(0,1fr)] gap-2 text-sm sm:grid-cols-[9rem_minmax(0,1fr)]">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="text-foreground wrap-anywhere">{value}</dd>
    </div>
  )
}

function Section({ title, children, testId }: { title: string; children: React.ReactNode; testId: string }) {
  return (
    <section className="grid min-w-0 grid-cols-1 gap-2" data-testid={testId}>
      <h3 className="font-semibold text-foreground">{title}</h3>
      <dl className="grid gap-1.5">{children}</dl>
    </section>
  )
}

const amount = (v: number | null | undefined) => (v == null ? 'Any' : formatPrice(v))

/** The property, the client requirement (without client contact) and the counterpart agent of a match. */
export function MatchParties({ match, side }: { match: Match; side: MatchSide }) {
  const { property: p, requirement: r } = match
  const agent = counterpartAgent(match, side)
  return (
    <>
      <Section title="Property Details" testId="match-property-details">
        <Row label="Title" value={p.title} />
        <Row label="Type" value={propertyTypeLabel(p.propertyType)} />
        <Row label="Purpose" value={listingPurposeLabel(p.listingPurpose)} />
        <Row label={priceLabel(p.listingPurpose)} value={formatListingPrice(p.price, p.listingPurpose)} />
        <Row label="Location" value={[p.locality, p.city, p.state].filter(Boolean).join(', ')} />
        <Row label="Bedrooms" value={p.bedrooms != null ? bedroomsLabel(p.bedrooms) : ''} />
        <Row label="Built-up area" value={p.builtUpArea != null ? `${p.builtUpArea} sq.ft` : ''} />
        <Row label="Description" value={p.description} />
      </Section>

      <Section title="Client Requirement" testId="match-client-requirement">
        <Row label="Client" value={r.clientName} />
        <Row label="Property types" value={r.propertyTypes.map(propertyTypeLabel).join(', ')} />
        <Row
          label="Budget"
          value={
            r.minPrice == null && r.maxPrice == null
              ? ''
              : `${amount(r.minPrice)} - ${amount(r.maxPrice)}${isMonthly(r.listingPurpose) ? '/month' : ''}`
          }
        />
        <Row label="Preferred cities" value={r.preferredCities.join(', ')} />
        <Row label="Localities" value={r.preferredLocalities.join(', ')} />
        <Row label="Bedrooms" value={minBedroomsLabel(r.minBedrooms)} />
        {side === 'seller' && (
          <p className="flex items-start gap-2 rounded-md bg-warning/10 p-2 text-sm text-warning">
            <Lock className="mt-0.5 size-4 shrink-0" aria-hidden />
            Client contact details are hidden. Contact the buyer agent for client details.
          </p>
        )}
      </Section>

      <Section title={side === 'buyer' ? 'Seller Agent' : 'Buyer Agent'} testId="match-agent-details">
        {agent ? (
          <>
            <Row label="Name" value={agent.fullName} />
            {agent.contactHidden ? (
              <Row label="Contact" value={contactHiddenText(agent.fullName, agent.contactReason)} />
            ) : (
              <>
                <Row label="Phone" value={agent.phone ? formatPhone(agent.phone) : 'Not available'} />
                <Row label="Email" value={agent.email || 'Not provided'} />
              </>
            )}
            <Row label="City" value={agent.city} />
            <Row label="State" value={agent.state} />
            <Row label="RERA" value={agent.reraNumber || 'Not provided'} />
          </>
        ) : (
          <p className="text-sm text-muted-foreground">Agent information not available</p>
        )}
      </Section>
    </>
  )
}
