import * as React from 'react'
import { Portal, Toast as ToastPrimitive } from 'radix-ui'
import { cva, type VariantProps } from 'class-variance-authority'
import { X } from 'lucide-react'
import { cn } from '@/lib/utils'

export const ToastProvider = ToastPrimitive.Provider

/**
 * The toast region, portalled to a child of <body> of its own. A modal Radix dialog hides every other
 * child of <body> from assistive technology (aria-hidden's hideOthers) when it opens, but leaves alone
 * any subtree holding an `[aria-live]` element; `aria-live="off"` on the portal container marks the
 * region as such without announcing anything twice (each toast is announced by Radix's own live
 * status node). So toasts raised while a dialog is open stay readable.
 */
export function ToastViewport({ className, ...props }: React.ComponentProps<typeof ToastPrimitive.Viewport>) {
  return (
    <Portal.Root aria-live="off" data-toast-portal="">
      <ToastPrimitive.Viewport
        className={cn('fixed bottom-0 z-[100] flex max-h-screen w-full flex-col p-4 outline-none sm:right-0 md:max-w-[420px]', className)}
        {...props}
      />
    </Portal.Root>
  )
}

const toastVariants = cva(
  'group pointer-events-auto relative flex w-full items-center justify-between gap-3 overflow-hidden rounded-lg border p-4 pr-8 shadow-lg transition-all data-[swipe=cancel]:translate-x-0 data-[swipe=end]:translate-x-[var(--radix-toast-swipe-end-x)] data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=move]:transition-none',
  {
    variants: {
      variant: {
        default: 'border-border bg-popover text-popover-foreground',
        success: 'border-success/30 bg-[color-mix(in_oklab,var(--success)_10%,var(--popover))] text-success',
        destructive: 'destructive border-destructive bg-destructive text-destructive-foreground',
      },
    },
    defaultVariants: { variant: 'default' },
  },
)

export function Toast({
  className,
  variant,
  ...props
}: React.ComponentProps<typeof ToastPrimitive.Root> & VariantProps<typeof toastVariants>) {
  return <ToastPrimitive.Root className={cn(toastVariants({ variant }), className)} data-variant={variant ?? 'default'} {...props} />
}

export function ToastClose({ className, ...props }: React.ComponentProps<typeof ToastPrimitive.Close>) {
  return (
    <ToastPrimitive.Close
      className={cn(
        'absolute top-2 right-2 rounded-md p-1 opacity-70 transition-opacity hover:opacity-100 focus:opacity-100 focus:ring-2 focus:outline-none group-[.destructive]:text-destructive-foreground/80',
        className,
      )}
      aria-label="Close"
      {...props}
    >
      <X className="size-4" />
    </ToastPrimitive.Close>
  )
}

export function ToastTitle({ className, ...props }: React.ComponentProps<typeof ToastPrimitive.Title>) {
  return <ToastPrimitive.Title className={cn('text-sm font-semibold', className)} {...props} />
}

export function ToastDescription({ className, ...props }: React.ComponentProps<typeof ToastPrimitive.Description>) {
  return <ToastPrimitive.Description className={cn('text-sm opacity-90', className)} {...props} />
}
