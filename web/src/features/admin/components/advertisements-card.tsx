import * as React from 'react'
import { Megaphone, Pencil, Plus, Trash2 } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Spinner } from '@/components/ui/spinner'
import { useAdminAdvertisements, type Advertisement } from '@/features/admin/api/get-admin-advertisements'
import { deleteAdvertisement } from '@/features/admin/api/save-advertisement'
import { AdvertisementDialog } from '@/features/admin/components/advertisement-dialog'
import { useApiMutation } from '@/lib/api-mutation'

/** Who an advert is shown to, as the list says it. */
function audience(ad: Advertisement) {
  const places = [...ad.targetCities, ...ad.targetStates]
  return places.length ? places.join(', ') : 'All locations'
}

/** Content: Advertisement Banners — every advert (inactive ones too) with edit and delete, and 'Add New Advertisement'. */
export function AdvertisementsCard() {
  const query = useAdminAdvertisements()
  const [editing, setEditing] = React.useState<{ ad: Advertisement | null } | null>(null)
  const [deleting, setDeleting] = React.useState<Advertisement | null>(null)
  const remove = useApiMutation(deleteAdvertisement, {
    successToast: 'Advertisement deleted successfully',
    errorToast: 'Could not delete the advertisement',
    onSuccess: () => setDeleting(null),
  })
  const ads = query.data ?? []
  return (
    <Card className="md:col-span-2" data-testid="admin-advertisements">
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1.5">
          <CardTitle className="flex items-center gap-2">
            <Megaphone className="size-5 text-primary" aria-hidden /> Advertisement Banners
          </CardTitle>
          <CardDescription>Adverts in agents' Recommended Services, targeted by city or state.</CardDescription>
        </div>
        <Button onClick={() => setEditing({ ad: null })}>
          <Plus aria-hidden /> Add New Advertisement
        </Button>
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <Spinner className="size-4" /> Loading advertisements...
          </p>
        ) : query.isError ? (
          <p className="text-sm text-muted-foreground">Failed to fetch advertisements</p>
        ) : ads.length === 0 ? (
          <p className="text-sm text-muted-foreground">No advertisements yet</p>
        ) : (
          <ul className="grid gap-2">
            {ads.map((ad) => (
              <li
                key={ad.id}
                className="flex min-w-0 items-start justify-between gap-3 rounded-lg border border-border p-3"
                data-testid="admin-advert"
              >
                <div className="grid min-w-0 gap-0.5 text-sm">
                  <p className="flex flex-wrap items-center gap-1.5 font-medium break-words text-foreground">
                    {ad.title || '(untitled)'}
                    {ad.badge && <span className="rounded bg-muted px-1.5 py-0.5 text-[11px] text-subtle-foreground">{ad.badge}</span>}
                    {!ad.isActive && <span className="rounded bg-warning-soft px-1.5 py-0.5 text-[11px] text-warning">Inactive</span>}
                  </p>
                  {ad.description && <p className="break-words text-muted-foreground">{ad.description}</p>}
                  {ad.offer && <p className="text-success">{ad.offer}</p>}
                  <p className="text-xs text-muted-foreground">
                    {audience(ad)} · order {ad.displayOrder}
                  </p>
                </div>
                <div className="flex shrink-0 gap-1">
                  <Button size="icon" variant="ghost" aria-label={`Edit ${ad.title}`} onClick={() => setEditing({ ad })}>
                    <Pencil aria-hidden />
                  </Button>
                  <Button size="icon" variant="ghost" aria-label={`Delete ${ad.title}`} onClick={() => setDeleting(ad)}>
                    <Trash2 aria-hidden />
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      <AdvertisementDialog ad={editing?.ad ?? null} open={!!editing} onOpenChange={(open) => !open && setEditing(null)} />
      <Dialog open={!!deleting} onOpenChange={(open) => !open && setDeleting(null)}>
        <DialogContent className="sm:max-w-md">
          <DialogHeader>
            <DialogTitle>Delete Advertisement</DialogTitle>
            <DialogDescription>Are you sure you want to delete this advertisement?</DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => setDeleting(null)} disabled={remove.isPending}>
              Cancel
            </Button>
            <Button variant="destructive" onClick={() => deleting && remove.mutate(deleting.id)} disabled={remove.isPending}>
              {remove.isPending ? 'Deleting...' : 'Delete'}
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </Card>
  )
}
