import type * as React from 'react'
import { Eye, Handshake, MapPin, Pencil, Trash2 } from 'lucide-react'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { budgetRange, timelineLabel } from '@/features/requirements/lib/requirement-labels'
import type { PublicRequirement } from '@/lib/api-schemas'
import { minBedroomsLabel, propertyTypeLabel, requirementPurposeLabel } from '@/shared/listing-vocabulary'
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
  const hasActions = !!(onView || onViewMatches)
  return (
    <Card className={cn('flex min-w-0 flex-col gap-3 p-4', className)} data-testid="requirement-card">
      {/* Header: the client and the owner's icon actions (shrink-0), which never wrap under the name;
          the meta line below gets the card's full width. */}
      <div className="grid min-w-0 gap-0.5">
        <div className="flex min-w-0 items-start gap-2">
          <h3 className="min-w-0 flex-1 truncate font-semibold text-foreground" title={r.clientName}>
            {r.clientName}
          </h3>
          {(onEdit || onDelete) && (
            <div className="-my-1 -mr-2 flex shrink-0 items-center">
              {onEdit && (
                <Button
                  size="sm"
                  variant="ghost"
                  className="size-8 p-0"
                  onClick={onEdit}
                  aria-label={`Edit requirement for ${r.clientName}`}
                >
                  <Pencil />
                </Button>
              )}
              {onDelete && (
                <Button
                  size="sm"
                  variant="ghost"
                  className="size-8 p-0 text-destructive hover:text-destructive"
                  onClick={onDelete}
                  aria-label={`Delete requirement for ${r.clientName}`}
                >
                  <Trash2 />
                </Button>
              )}
            </div>
          )}
        </div>
        <p className="text-sm text-subtle-foreground" data-testid="requirement-meta">
          {r.propertyTypes.map(propertyTypeLabel).join(', ')} · {requirementPurposeLabel(r.listingPurpose)}
          {bedrooms && (
            <>
              {' · '}
              <span className="whitespace-nowrap">{bedrooms}</span>
            </>
          )}
        </p>
      </div>
      <p className="flex min-w-0 items-center gap-1 text-sm text-subtle-foreground">
        <MapPin className="size-4 shrink-0 text-muted-foreground" aria-hidden />
        <span className="truncate">{places || r.preferredState}</span>
      </p>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm font-medium text-foreground" data-testid="requirement-budget">
          {budgetRange(r)}
        </p>
        {r.timeline && (
          <Badge variant={r.timeline === 'immediate' ? 'destructive' : 'secondary'} className="shrink-0">
            {timelineLabel(r.timeline)}
          </Badge>
        )}
      </div>
      {hasActions && (
        <div className="mt-auto flex flex-wrap gap-2">
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
        </div>
      )}
      {footer}
    </Card>
  )
}
