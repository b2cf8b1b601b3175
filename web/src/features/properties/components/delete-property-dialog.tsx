import { Loader2 } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { deleteProperty } from '@/features/properties/api/save-property'
import { useApiMutation } from '@/lib/api-mutation'
import type { Property } from '@/lib/api-schemas'

type DeletePropertyDialogProps = {
  property: Property | null
  onOpenChange: (open: boolean) => void
}

/** Asks before deleting a listing, then deletes it and says how it went. */
export function DeletePropertyDialog({ property, onOpenChange }: DeletePropertyDialogProps) {
  const deleteMutation = useApiMutation(deleteProperty, {
    successToast: 'Property deleted successfully',
    errorToast: 'Failed to delete property',
    onSuccess: () => onOpenChange(false),
  })
  const onConfirm = () => {
    if (property) deleteMutation.mutate(property.id)
  }
  return (
    <Dialog open={!!property} onOpenChange={onOpenChange}>
      <DialogContent role="alertdialog" data-testid="delete-property-dialog">
        <DialogHeader>
          <DialogTitle>Delete Property</DialogTitle>
          <DialogDescription>Are you sure you want to delete this property? This action cannot be undone.</DialogDescription>
        </DialogHeader>
        {property && <p className="text-sm font-medium text-foreground">{property.title}</p>}
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={deleteMutation.isPending}>
            Cancel
          </Button>
          <Button variant="destructive" onClick={onConfirm} disabled={deleteMutation.isPending}>
            {deleteMutation.isPending && <Loader2 className="animate-spin" />}
            {deleteMutation.isPending ? 'Deleting...' : 'Delete'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
