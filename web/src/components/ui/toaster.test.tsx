import { act, render, screen } from '@testing-library/react'
import { Dialog, DialogContent, DialogTitle } from '@/components/ui/dialog'
import { describe, expect, it } from 'vitest'
import { Toaster } from '@/components/ui/toaster'
import { TOAST_DURATION, toast } from '@/components/ui/use-toast'

describe('Toaster', () => {
  it('shows one toast at a time, the newest winning', async () => {
    render(<Toaster />)
    act(() => {
      toast({ title: 'First' })
      toast({ title: 'Second', variant: 'destructive' })
    })
    const toasts = await screen.findAllByTestId('toast')
    expect(toasts).toHaveLength(1)
    expect(toasts[0]).toHaveTextContent('Second')
    expect(toasts[0]).toHaveAttribute('data-variant', 'destructive')
    expect(TOAST_DURATION).toBe(5000)
  })

  it('offers the F8 hotkey on the notification region', () => {
    render(<Toaster />)
    expect(screen.getByRole('region')).toHaveAttribute('aria-label', expect.stringContaining('F8'))
  })

  it('keeps toasts raised while a modal dialog is open visible to screen readers', async () => {
    render(
      <>
        <div data-testid="page">Page</div>
        <Toaster />
      </>,
    )
    render(
      <Dialog open>
        <DialogContent aria-describedby={undefined}>
          <DialogTitle>Edit</DialogTitle>
        </DialogContent>
      </Dialog>,
    )
    // The dialog hides the rest of the page ...
    expect(screen.getByTestId('page').closest('[aria-hidden="true"]')).not.toBeNull()
    act(() => {
      toast({ title: 'Saved while the dialog is open' })
    })
    const shown = await screen.findByTestId('toast')
    // ... but not the toast region, which lives in its own portal next to the dialog's.
    expect(shown.closest('[aria-hidden="true"]')).toBeNull()
    expect(screen.getByRole('region', { name: /notifications/i })).toContainElement(shown)
    expect(screen.getByRole('dialog')).not.toContainElement(shown)
  })
})
