import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { PropertyForm } from '@/features/properties/components/property-form'
import type { Property } from '@/lib/api-schemas'

type PropertyFormDialogProps = {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The listing to edit; without it the dialog adds a new one. */
  property?: Property | null
  /** Called with the saved listing (see PropertyForm). */
  onSaved?: (saved: Property) => void
}

/**
 * The add / edit property dialog. The form mounts fresh on every opening, so a new
 * form starts from the defaults and an edit from the property.
 */
export function PropertyFormDialog({ open, onOpenChange, property, onSaved }: PropertyFormDialogProps) {
  const isEdit = !!property
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-3xl" data-testid="property-form-dialog">
        <DialogHeader>
          <DialogTitle>{isEdit ? 'Edit Property' : 'Add New Property'}</DialogTitle>
          <DialogDescription>
            {isEdit
              ? 'Update the details of your listing.'
              : 'List a property for sale, rent or lease; matching client requirements are found automatically.'}
          </DialogDescription>
        </DialogHeader>
        {open && (
          <PropertyForm key={property?.id ?? 'new'} property={property ?? undefined} onSaved={onSaved} onDone={() => onOpenChange(false)} />
        )}
      </DialogContent>
    </Dialog>
  )
}
