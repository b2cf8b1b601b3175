import { AlertDialog } from 'radix-ui'
import { buttonVariants } from '@/components/ui/button'

type ConfirmDiscardDialogProps = {
  open: boolean
  onKeep: () => void
  onDiscard: () => void
}

/** 'Discard changes?' over a dialog whose form holds unsaved input (an in-page question, not window.confirm). */
export function ConfirmDiscardDialog({ open, onKeep, onDiscard }: ConfirmDiscardDialogProps) {
  return (
    <AlertDialog.Root open={open} onOpenChange={(next) => !next && onKeep()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-overlay/40" />
        <AlertDialog.Content
          className="fixed top-1/2 left-1/2 z-50 grid w-[calc(100%-2rem)] max-w-sm -translate-x-1/2 -translate-y-1/2 gap-4 rounded-xl border border-border bg-popover p-6 text-popover-foreground shadow-xl"
          data-testid="confirm-discard"
        >
          <AlertDialog.Title className="text-lg font-semibold text-foreground">Discard changes?</AlertDialog.Title>
          <AlertDialog.Description className="text-sm text-muted-foreground">
            What you entered in this form has not been saved.
          </AlertDialog.Description>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel className={buttonVariants({ variant: 'outline' })}>Keep Editing</AlertDialog.Cancel>
            <AlertDialog.Action className={buttonVariants({ variant: 'destructive' })} onClick={onDiscard}>
              Discard
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  )
}
