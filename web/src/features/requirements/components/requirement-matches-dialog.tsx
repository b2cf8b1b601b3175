import { Eye, Home, MessageCircle } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { ContactHiddenNotice } from '@/components/contact-hidden-notice'
import { UnlockContact } from '@/components/unlock-contact'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Spinner } from '@/components/ui/spinner'
import { useRequirementMatches } from '@/features/requirements/api/get-requirement-matches'
import type { Match, Requirement } from '@/lib/api-schemas'
import { contactHiddenText, contactLocked, whatsappForMatch } from '@/shared/contact'
import { formatListingPrice, scoreClasses } from '@/shared/format'
import { propertyTypeLabel } from '@/shared/listing-vocabulary'
import { cn } from '@/lib/utils'
import { cardImageUrl } from '@/lib/media'

type RequirementMatchesDialogProps = {
  requirement: Requirement | null
  open: boolean
  onOpenChange: (open: boolean) => void
  /** Opens a match's details (the page hosts that dialog, above this one). */
  onViewMatch: (match: Match) => void
}

function MatchRow({ match, onView }: { match: Match; onView: () => void }) {
  const p = match.property
  const seller = match.sellerAgent
  const hidden = seller?.contactHidden ? contactHiddenText(seller.fullName, seller.contactReason) : undefined
  const image = p.images[0]
  return (
    <li
      className="grid min-w-0 grid-cols-[4rem_minmax(0,1fr)] gap-x-3 gap-y-2 rounded-lg border border-border p-3 sm:grid-cols-[5rem_minmax(0,1fr)]"
      data-testid="requirement-match"
    >
      <div className="flex size-16 shrink-0 items-center justify-center overflow-hidden rounded-md bg-muted sm:size-20">
        {image ? (
          <img src={cardImageUrl(image)} alt={p.title} className="size-full object-cover" />
        ) : (
          <Home className="size-8 text-muted-foreground/50" aria-hidden />
        )}
      </div>
      <div className="grid min-w-0 grid-cols-1 content-start gap-1">
        <div className="flex min-w-0 items-start gap-2">
          <h3 className="min-w-0 flex-1 truncate font-semibold text-foreground" title={p.title}>
            {p.title}
          </h3>
          <span
            className={cn('shrink-0 rounded-full border px-2 py-0.5 text-xs font-bold whitespace-nowrap', scoreClasses(match.matchScore))}
          >
            {match.matchScore}% match
          </span>
        </div>
        <p className="text-sm break-words text-subtle-foreground">
          {[p.city, p.state].filter(Boolean).join(', ')} · {propertyTypeLabel(p.propertyType)} ·{' '}
          {formatListingPrice(p.price, p.listingPurpose)}
        </p>
        {p.description && <p className="line-clamp-2 text-sm break-words text-muted-foreground">{p.description}</p>}
      </div>
      {/* Under the text from sm up; across the whole row on phones, where the text column is narrow. */}
      <div className="col-span-2 flex min-w-0 flex-wrap gap-2 sm:col-span-1 sm:col-start-2">
        <Button size="sm" variant="outline" onClick={onView}>
          <Eye /> View Details
        </Button>
        <Button
          size="sm"
          className="bg-success text-success-foreground hover:bg-success/90"
          disabled={!!hidden}
          title={hidden}
          onClick={() => whatsappForMatch(match, 'buyer')}
        >
          <MessageCircle /> Contact Agent
        </Button>
      </div>
      {seller?.contactHidden &&
        (contactLocked(seller) ? (
          <UnlockContact matchId={match.id} agentName={seller.fullName} className="col-span-2" />
        ) : (
          <ContactHiddenNotice agent={seller} className="col-span-2" compact />
        ))}
    </li>
  )
}

/** The properties matching one of the agent's requirements. */
export function RequirementMatchesDialog({ requirement, open, onOpenChange, onViewMatch }: RequirementMatchesDialogProps) {
  const matches = useRequirementMatches(requirement?.id ?? 0, open && !!requirement)

  return (
    <Dialog open={open && !!requirement} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Matching Properties</DialogTitle>
          <DialogDescription>For {requirement?.clientName}</DialogDescription>
        </DialogHeader>
        {matches.isPending ? (
          <div className="flex items-center justify-center gap-2 py-8 text-muted-foreground">
            <Spinner className="size-5" /> Loading matches...
          </div>
        ) : matches.isError ? (
          <p className="py-8 text-center text-destructive" role="alert">
            Failed to load matches: {matches.error.message}
          </p>
        ) : matches.data.length === 0 ? (
          <div className="grid justify-items-center gap-1 py-8 text-center">
            <Home className="size-10 text-muted-foreground/50" aria-hidden />
            <p className="font-medium text-foreground">No matches found for this requirement</p>
            <p className="text-sm text-muted-foreground">We will notify you when matching properties are listed.</p>
          </div>
        ) : (
          <ul className="grid min-w-0 grid-cols-1 gap-3">
            {matches.data.map((match) => (
              <MatchRow key={match.id} match={match} onView={() => onViewMatch(match)} />
            ))}
          </ul>
        )}
      </DialogContent>
    </Dialog>
  )
}
