import { AlertDialog } from 'radix-ui'
import { buttonVariants } from '@/components/ui/button'

type DeleteBackupDialogProps = {
  fileName: string | null
  onCancel: () => void
  onDelete: () => void
}

/** 'Delete this backup?': asked in the page before a backup and its file are removed. */
export function DeleteBackupDialog({ fileName, onCancel, onDelete }: DeleteBackupDialogProps) {
  return (
    <AlertDialog.Root open={fileName !== null} onOpenChange={(next) => !next && onCancel()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-overlay/40" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-50 grid w-[calc(100%-2rem)] max-w-sm -translate-x-1/2 -translate-y-1/2 gap-4 rounded-xl border border-border bg-popover p-6 text-popover-foreground shadow-xl">
          <AlertDialog.Title className="text-lg font-semibold text-foreground">Delete this backup?</AlertDialog.Title>
          <AlertDialog.Description className="text-sm break-words text-muted-foreground">
            {fileName
              ? `${fileName} will be removed from the server. This cannot be undone.`
              : 'This failed run will be removed from the history.'}
          </AlertDialog.Description>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel className={buttonVariants({ variant: 'outline' })}>Keep</AlertDialog.Cancel>
            <AlertDialog.Action className={buttonVariants({ variant: 'destructive' })} onClick={onDelete}>
              Delete
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  )
}
