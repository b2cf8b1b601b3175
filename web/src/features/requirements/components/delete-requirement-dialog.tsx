import { Loader2 } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { deleteRequirement } from '@/features/requirements/api/save-requirement'
import { useApiMutation } from '@/lib/api-mutation'
import type { Requirement } from '@/lib/api-schemas'

type DeleteRequirementDialogProps = {
  requirement: Requirement | null
  onOpenChange: (open: boolean) => void
  onDeleted?: () => void
}

/** Asks before deleting a requirement, then deletes it. */
export function DeleteRequirementDialog({ requirement, onOpenChange, onDeleted }: DeleteRequirementDialogProps) {
  const remove = useApiMutation(deleteRequirement, {
    successToast: 'Requirement deleted successfully',
    errorToast: 'Failed to delete requirement',
    onSuccess: () => {
      onOpenChange(false)
      onDeleted?.()
    },
  })
  return (
    <Dialog open={!!requirement} onOpenChange={onOpenChange}>
      <DialogContent role="alertdialog">
        <DialogHeader>
          <DialogTitle>Delete Requirement</DialogTitle>
          <DialogDescription>Are you sure you want to delete the requirement for {requirement?.clientName}?</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          <Button variant="destructive" disabled={remove.isPending} onClick={() => requirement && remove.mutate(requirement.id)}>
            {remove.isPending && <Loader2 className="animate-spin" />}
            {remove.isPending ? 'Deleting...' : 'Delete'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
