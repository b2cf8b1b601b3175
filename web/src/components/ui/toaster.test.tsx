import { act, render, screen } from '@testing-library/react'
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
})
