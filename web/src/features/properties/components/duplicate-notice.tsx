import { Copy, X } from 'lucide-react'
import { Link } from 'react-router'
import { Button } from '@/components/ui/button'
import { duplicateNoticeText } from '@/features/properties/lib/duplicate-notice'
import type { Property } from '@/lib/api-schemas'
import { paths } from '@/app/paths'

type DuplicateNoticeProps = { saved: Property; onDismiss: () => void }

/**
 * After a save: other agents' listings that look like the same property. Non-blocking, the
 * listing is saved either way; each names the agent, the locality, the price and the main
 * reason, with a link to the marketplace where the listings show as one card.
 */
export function DuplicateNotice({ saved, onDismiss }: DuplicateNoticeProps) {
  const list = saved.possibleDuplicates ?? []
  if (list.length === 0) return null
  return (
    <div
      role="status"
      className="flex items-start gap-3 rounded-lg border border-warning bg-warning-soft p-3 text-sm text-foreground"
      data-testid="duplicate-notice"
    >
      <Copy aria-hidden className="mt-0.5 size-4 shrink-0 text-warning" />
      <div className="grid flex-1 gap-1">
        <p className="font-medium">{saved.title} is saved.</p>
        <ul className="grid gap-0.5">
          {list.map((d) => (
            <li key={d.id}>{duplicateNoticeText(d)}</li>
          ))}
        </ul>
        <p>
          <Link className="font-medium text-primary underline-offset-4 hover:underline" to={paths.dashboard.to()}>
            See it in the marketplace
          </Link>
        </p>
      </div>
      <Button variant="ghost" size="icon" aria-label="Dismiss" onClick={onDismiss}>
        <X />
      </Button>
    </div>
  )
}
