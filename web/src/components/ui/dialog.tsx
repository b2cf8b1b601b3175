import * as React from 'react'
import { Dialog as DialogPrimitive } from 'radix-ui'
import { X } from 'lucide-react'
import { registerCloseButton } from '@/components/ui/escape-stack'
import { useBackCloses } from '@/lib/use-back-closes'
import { cn } from '@/lib/utils'

// The question is needed only once a form holds unsaved input: it loads then.
const ConfirmDiscardDialog = React.lazy(() =>
  import('@/components/ui/confirm-discard-dialog').then((m) => ({ default: m.ConfirmDiscardDialog })),
)

type UnsavedChanges = { setDirty: (dirty: boolean) => void }
const UnsavedChangesContext = React.createContext<UnsavedChanges | null>(null)

/**
 * A form inside a Dialog reports whether it holds unsaved input; closing the dialog then asks
 * first (docs/product.md#dialogs). Outside a dialog it does nothing.
 */
export function useUnsavedChanges(dirty: boolean) {
  const context = React.useContext(UnsavedChangesContext)
  React.useEffect(() => {
    if (!context) return
    context.setDirty(dirty)
    return () => context.setDirty(false)
  }, [context, dirty])
}

/**
 * Every dialog of the app (docs/product.md#dialogs): the Radix dialog, plus Back closing it on
 * phones (useBackCloses) and a 'Discard changes?' question when its form holds unsaved input and
 * the agent closes it (the close button, Escape, a click outside, or Back). A dialog the page
 * closes itself (after a save) closes without asking.
 */
export function Dialog({
  open: openProp,
  defaultOpen = false,
  onOpenChange,
  children,
  ...props
}: React.ComponentProps<typeof DialogPrimitive.Root>) {
  const [uncontrolledOpen, setUncontrolledOpen] = React.useState(defaultOpen)
  const open = openProp ?? uncontrolledOpen
  const [dirty, setDirty] = React.useState(false)
  const [confirming, setConfirming] = React.useState(false)
  const unsaved = React.useMemo<UnsavedChanges>(() => ({ setDirty }), [])

  const setOpen = (next: boolean) => {
    if (openProp === undefined) setUncontrolledOpen(next)
    if (!next) setConfirming(false)
    onOpenChange?.(next)
  }
  /** The agent asks to close: true when it closed, false when it asks first. */
  const requestClose = () => {
    if (dirty) {
      setConfirming(true)
      return false
    }
    setOpen(false)
    return true
  }
  useBackCloses(open, requestClose)

  return (
    <UnsavedChangesContext.Provider value={unsaved}>
      <DialogPrimitive.Root open={open} onOpenChange={(next) => (next ? setOpen(true) : requestClose())} {...props}>
        {children}
      </DialogPrimitive.Root>
      {dirty && (
        <React.Suspense fallback={null}>
          <ConfirmDiscardDialog open={open && confirming} onKeep={() => setConfirming(false)} onDiscard={() => setOpen(false)} />
        </React.Suspense>
      )}
    </UnsavedChangesContext.Provider>
  )
}

export const DialogTrigger = DialogPrimitive.Trigger
export const DialogClose = DialogPrimitive.Close

export function DialogContent({ className, children, ...props }: React.ComponentProps<typeof DialogPrimitive.Content>) {
  return (
    <DialogPrimitive.Portal>
      <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-overlay/50" />
      <DialogPrimitive.Content
        className={cn(
          'fixed top-1/2 left-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 grid-cols-1 gap-4 overflow-y-auto rounded-xl border border-border bg-popover p-6 text-popover-foreground shadow-xl',
          className,
        )}
        {...props}
      >
        {children}
        <DialogPrimitive.Close
          ref={registerCloseButton}
          className="absolute top-4 right-4 rounded-md p-1 text-muted-foreground hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        >
          <X className="size-4" />
          <span className="sr-only">Close</span>
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  )
}

export function DialogHeader({ className, ...props }: React.ComponentProps<'div'>) {
  return <div className={cn('flex flex-col gap-1.5 text-left', className)} {...props} />
}

export function DialogFooter({ className, ...props }: React.ComponentProps<'div'>) {
  return <div className={cn('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)} {...props} />
}

export function DialogTitle({ className, ...props }: React.ComponentProps<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title className={cn('text-lg font-semibold text-foreground', className)} {...props} />
}

export function DialogDescription({ className, ...props }: React.ComponentProps<typeof DialogPrimitive.Description>) {
  return <DialogPrimitive.Description className={cn('text-sm text-muted-foreground', className)} {...props} />
}
