import { Lock, Pencil, Trash2 } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { areaRange, budgetRange, localPhone, timelineLabel } from '@/features/requirements/lib/requirement-labels'
import type { PublicRequirement, Requirement } from '@/lib/api-schemas'
import { minBedroomsLabel, propertyTypeLabel, requirementPurposeLabel } from '@/shared/listing-vocabulary'

type RequirementDetailsDialogProps<R extends PublicRequirement> = {
  /** The agent's own requirement (with the client's contact), or another agent's as the API shows it. */
  requirement: R | null
  open: boolean
  onOpenChange: (open: boolean) => void
  onEdit?: (requirement: R) => void
  onDelete?: (requirement: R) => void
  /** Under the details, e.g. the posting agent on the marketplace. */
  footer?: React.ReactNode
  /**
   * 'own' (the default): the agent's own requirement, with the client's contact. 'marketplace': as any
   * agent sees it there, never with client contact, whatever the data holds (docs/product.md#privacy).
   */
  view?: 'own' | 'marketplace'
}

/** The client's contact, when the requirement is the agent's own and carries it. */
const contactOf = (r: PublicRequirement, view: 'own' | 'marketplace') =>
  view === 'own' && 'clientPhone' in r ? (r as Requirement) : null

function Row({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <div className="grid grid-cols-[9rem_1fr] gap-2 text-sm">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="text-foreground">{value || '—'}</dd>
    </div>
  )
}

/**
 * Everything about a requirement, with Edit and Delete when given, and Close. Another agent's requirement
 * shows the client as the API gives it (docs/product.md#privacy) and no client contact.
 */
export function RequirementDetailsDialog<R extends PublicRequirement>({
  requirement: r,
  open,
  onOpenChange,
  onEdit,
  onDelete,
  footer,
  view = 'own',
}: RequirementDetailsDialogProps<R>) {
  const own = r && contactOf(r, view)
  return (
    <Dialog open={open && !!r} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg">
        <DialogHeader>
          <DialogTitle>Requirement Details</DialogTitle>
          <DialogDescription>{r?.clientName}</DialogDescription>
        </DialogHeader>
        {r && (
          <dl className="grid gap-2" data-testid="requirement-details">
            <Row label="Client Name" value={r.clientName} />
            {own && <Row label="Phone" value={localPhone(own.clientPhone)} />}
            {own?.clientEmail && <Row label="Email" value={own.clientEmail} />}
            <Row label="Property Types" value={r.propertyTypes.map(propertyTypeLabel).join(', ')} />
            <Row label="Listing Purpose" value={requirementPurposeLabel(r.listingPurpose)} />
            <Row label="Timeline" value={timelineLabel(r.timeline)} />
            <Row label="Budget" value={budgetRange(r)} />
            <Row label="Min Bedrooms" value={minBedroomsLabel(r.minBedrooms)} />
            <Row label="Area" value={areaRange(r)} />
            <Row label="Preferred Cities" value={r.preferredCities.join(', ')} />
            {r.preferredLocalities.length > 0 && <Row label="Localities" value={r.preferredLocalities.join(', ')} />}
            {(own || r.specialRequirements || r.notes) && <Row label="Special Requirements" value={r.specialRequirements ?? r.notes} />}
          </dl>
        )}
        {view === 'marketplace' && (
          <p className="flex items-start gap-2 rounded-md bg-warning/10 p-2 text-sm text-warning" data-testid="client-contact-hidden">
            <Lock className="mt-0.5 size-4 shrink-0" aria-hidden />
            Client contact details stay with the buyer agent. Contact them for the client.
          </p>
        )}
        {footer}
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Close
          </Button>
          {r && onDelete && (
            <Button variant="destructive" onClick={() => onDelete(r)}>
              <Trash2 /> Delete
            </Button>
          )}
          {r && onEdit && (
            <Button onClick={() => onEdit(r)}>
              <Pencil /> Edit
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
