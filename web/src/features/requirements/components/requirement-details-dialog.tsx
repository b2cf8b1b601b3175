import { Pencil, Trash2 } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { areaRange, budgetRange, localPhone, timelineLabel } from '@/features/requirements/lib/requirement-labels'
import type { Requirement } from '@/lib/api-schemas'
import { minBedroomsLabel, propertyTypeLabel, requirementPurposeLabel } from '@/shared/listing-vocabulary'

type RequirementDetailsDialogProps = {
  requirement: Requirement | null
  open: boolean
  onOpenChange: (open: boolean) => void
  onEdit?: (requirement: Requirement) => void
  onDelete?: (requirement: Requirement) => void
}

function Row({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <div className="grid grid-cols-[9rem_1fr] gap-2 text-sm">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="text-foreground">{value || '—'}</dd>
    </div>
  )
}

/** Everything about one of the agent's requirements, with Edit, Delete and Close. */
export function RequirementDetailsDialog({ requirement: r, open, onOpenChange, onEdit, onDelete }: RequirementDetailsDialogProps) {
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
            <Row label="Phone" value={localPhone(r.clientPhone)} />
            {r.clientEmail && <Row label="Email" value={r.clientEmail} />}
            <Row label="Property Types" value={r.propertyTypes.map(propertyTypeLabel).join(', ')} />
            <Row label="Listing Purpose" value={requirementPurposeLabel(r.listingPurpose)} />
            <Row label="Timeline" value={timelineLabel(r.timeline)} />
            <Row label="Budget" value={budgetRange(r)} />
            <Row label="Min Bedrooms" value={minBedroomsLabel(r.minBedrooms)} />
            <Row label="Area" value={areaRange(r)} />
            <Row label="Preferred Cities" value={r.preferredCities.join(', ')} />
            {r.preferredLocalities.length > 0 && <Row label="Localities" value={r.preferredLocalities.join(', ')} />}
            <Row label="Special Requirements" value={r.specialRequirements ?? r.notes} />
          </dl>
        )}
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
