import { Toast, ToastClose, ToastDescription, ToastProvider, ToastTitle, ToastViewport } from '@/components/ui/toast'
import { closeTopDialog } from '@/components/ui/escape-stack'
import { TOAST_DURATION, dismissToast, useToast } from '@/components/ui/use-toast'

/** Renders the toast queue: 5 s each, swipe right 50 px to dismiss, F8 focuses the region; Escape closes an open dialog first. */
export function Toaster() {
  const { toasts } = useToast()
  return (
    <ToastProvider duration={TOAST_DURATION} swipeDirection="right" swipeThreshold={50}>
      {toasts.map(({ id, title, description, action, variant, open, duration }) => (
        <Toast
          key={id}
          variant={variant}
          open={open}
          duration={duration}
          onOpenChange={(next) => {
            if (!next) dismissToast(id)
          }}
          // Escape closes the top dialog first; a toast the agent focused (F8) closes itself.
          onEscapeKeyDown={(event) => {
            const inToast = event.target instanceof Element && event.target.closest('[data-toast-portal]')
            if (!inToast && closeTopDialog()) event.preventDefault()
          }}
          data-testid="toast"
        >
          <div className="grid gap-1">
            {title && <ToastTitle>{title}</ToastTitle>}
            {description && <ToastDescription>{description}</ToastDescription>}
          </div>
          {action}
          <ToastClose />
        </Toast>
      ))}
      <ToastViewport hotkey={['F8']} />
    </ToastProvider>
  )
}
