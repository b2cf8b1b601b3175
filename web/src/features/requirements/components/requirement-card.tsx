import type * as React from 'react'
import { Eye, Handshake, MapPin, Pencil, Trash2 } from 'lucide-react'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import {
  budgetRange,
  minBedroomsLabel,
  requirementPurposeLabel,
  timelineLabel,
} from '@/features/requirements/lib/requirement-labels'
import type { PublicRequirement } from '@/lib/api-schemas'
import { propertyTypeLabel } from '@/lib/format'
import { cn } from '@/lib/utils'

type RequirementCardProps = {
  requirement: PublicRequirement
  onView?: () => void
  onViewMatches?: () => void
  onEdit?: () => void
  onDelete?: () => void
  /** Extra content at the bottom, e.g. the posting agent on the marketplace. */
  footer?: React.ReactNode
  className?: string
}

/** A compact requirement card; each action shows only when its handler is given. */
export function RequirementCard({ requirement: r, onView, onViewMatches, onEdit, onDelete, footer, className }: RequirementCardProps) {
  const places = [...r.preferredLocalities, ...r.preferredCities].join(', ')
  const bedrooms = minBedroomsLabel(r.minBedrooms)
  return (
    <Card className={cn('grid gap-3 p-4', className)} data-testid="requirement-card">
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="truncate font-semibold text-slate-900">{r.clientName}</h3>
          <p className="text-sm text-slate-600">
            {r.propertyTypes.map(propertyTypeLabel).join(', ')} · {requirementPurposeLabel(r.listingPurpose)}
            {bedrooms && ` · ${bedrooms}`}
          </p>
        </div>
        {r.timeline && (
          <Badge variant={r.timeline === 'immediate' ? 'destructive' : 'secondary'} className="shrink-0">
            {timelineLabel(r.timeline)}
          </Badge>
        )}
      </div>
      <p className="flex items-center gap-1 text-sm text-slate-600">
        <MapPin className="size-4 shrink-0 text-slate-400" aria-hidden />
        <span className="truncate">{places || r.preferredState}</span>
      </p>
      <p className="text-sm font-medium text-slate-900" data-testid="requirement-budget">
        {budgetRange(r)}
      </p>
      {(onView || onViewMatches || onEdit || onDelete) && (
        <div className="flex flex-wrap gap-2">
          {onView && (
            <Button size="sm" variant="outline" onClick={onView}>
              <Eye /> View Details
            </Button>
          )}
          {onViewMatches && (
            <Button size="sm" variant="outline" onClick={onViewMatches}>
              <Handshake /> View Matches
            </Button>
          )}
          {onEdit && (
            <Button size="sm" variant="ghost" onClick={onEdit} aria-label={`Edit requirement for ${r.clientName}`}>
              <Pencil />
            </Button>
          )}
          {onDelete && (
            <Button
              size="sm"
              variant="ghost"
              className="text-red-600 hover:text-red-700"
              onClick={onDelete}
              aria-label={`Delete requirement for ${r.clientName}`}
            >
              <Trash2 />
            </Button>
          )}
        </div>
      )}
      {footer}
    </Card>
  )
}
