import { Eye, Heart, Loader2, Link2Off } from 'lucide-react'
import * as React from 'react'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import type { ShareLink } from '@/features/share-links/api/get-share-links'
import { revokeShareLink } from '@/features/share-links/api/revoke-share-link'
import { activityLabel, expiryLabel, statusLabel } from '@/features/share-links/lib/share-link-labels'
import { useApiMutation } from '@/lib/api-mutation'
import { formatPrice } from '@/shared/format'

/** One link: status, expiry, views, interest per listing, and Revoke while it is active. */
export function ShareLinkCard({ link }: { link: ShareLink }) {
  const [confirm, setConfirm] = React.useState(false)
  const revoke = useApiMutation(revokeShareLink, {
    successToast: 'Link revoked: it no longer opens',
    errorToast: 'Could not revoke the link',
    onSuccess: () => setConfirm(false),
  })
  const created = new Date(link.createdAt).toLocaleDateString('en-IN', { day: 'numeric', month: 'short', year: 'numeric' })
  return (
    <Card className="grid gap-3 p-4" data-testid={`share-link-${link.id}`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="grid gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="font-semibold text-foreground">
              {link.items.length} listing{link.items.length === 1 ? '' : 's'} · shared {created}
            </h2>
            <Badge variant={link.status === 'active' ? 'success' : 'secondary'}>{statusLabel[link.status]}</Badge>
          </div>
          <p className="text-sm text-subtle-foreground">
            {expiryLabel(link)} ·{' '}
            <span data-testid="share-activity">
              <Eye className="inline size-3.5" aria-hidden /> {activityLabel(link)}
            </span>
          </p>
          {link.note && <p className="text-sm whitespace-pre-line text-muted-foreground">“{link.note}”</p>}
        </div>
        {link.status === 'active' && (
          <Button variant="outline" size="sm" onClick={() => setConfirm(true)} data-testid="share-revoke">
            <Link2Off /> Revoke
          </Button>
        )}
      </div>
      <ul className="grid gap-1 text-sm">
        {link.items.map((item) => (
          <li
            key={item.propertyId}
            className="flex flex-wrap items-center justify-between gap-2 rounded-md bg-muted px-3 py-2"
            data-testid={`share-item-${item.propertyId}`}
          >
            <span className="min-w-0 text-foreground">
              <span className="font-medium">{item.title}</span>
              <span className="text-subtle-foreground">
                {' '}
                · {[item.locality, item.city].filter(Boolean).join(', ')} · {formatPrice(item.price)}
                {!item.own && ' · from your matches'}
                {!item.available && ' · no longer active'}
              </span>
            </span>
            {item.interest > 0 && (
              <Badge variant="success" data-testid="share-interest">
                <Heart className="size-3" aria-hidden /> {item.interest} interested
              </Badge>
            )}
          </li>
        ))}
      </ul>
      <Dialog open={confirm} onOpenChange={setConfirm}>
        <DialogContent role="alertdialog">
          <DialogHeader>
            <DialogTitle>Revoke this link?</DialogTitle>
            <DialogDescription>Anyone who opens it from now on sees “This link has expired”. This cannot be undone.</DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => setConfirm(false)} disabled={revoke.isPending}>
              Cancel
            </Button>
            <Button
              variant="destructive"
              onClick={() => revoke.mutate(link.id)}
              disabled={revoke.isPending}
              data-testid="share-revoke-confirm"
            >
              {revoke.isPending && <Loader2 className="animate-spin" />} Revoke
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </Card>
  )
}
