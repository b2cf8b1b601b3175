import { act, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import * as React from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { Dialog, DialogContent, DialogTitle, useUnsavedChanges } from '@/components/ui/dialog'
import { Toaster } from '@/components/ui/toaster'
import { dismissToast, toast } from '@/components/ui/use-toast'

afterEach(() => act(() => dismissToast()))

function Editor({ dirty = false }: { dirty?: boolean }) {
  useUnsavedChanges(dirty)
  return <p>Form</p>
}

function Page({ dirty = false }: { dirty?: boolean }) {
  const [open, setOpen] = React.useState(true)
  const [inner, setInner] = React.useState(false)
  return (
    <>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent aria-describedby={undefined}>
          <DialogTitle>Outer</DialogTitle>
          <Editor dirty={dirty} />
          <button onClick={() => setInner(true)}>Open inner</button>
        </DialogContent>
      </Dialog>
      <Dialog open={inner} onOpenChange={setInner}>
        <DialogContent aria-describedby={undefined}>
          <DialogTitle>Inner</DialogTitle>
        </DialogContent>
      </Dialog>
      <Toaster />
    </>
  )
}

const raise = () => act(() => void toast({ title: 'Saved' }))

describe('Escape with a dialog and a toast open', () => {
  it('closes the dialog first, then the toast', async () => {
    const user = userEvent.setup()
    render(<Page />)
    await screen.findByRole('dialog', { name: 'Outer' })
    raise() // the toast opens after the dialog, so it is the newest layer
    await screen.findByTestId('toast')
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(screen.getByTestId('toast')).toBeInTheDocument()
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByTestId('toast')).not.toBeInTheDocument())
  })

  it('closes the top dialog of two, one per press, before the toast', async () => {
    const user = userEvent.setup()
    render(<Page />)
    await user.click(await screen.findByRole('button', { name: 'Open inner' }))
    await screen.findByRole('dialog', { name: 'Inner' })
    raise()
    await screen.findByTestId('toast')
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Inner' })).not.toBeInTheDocument())
    expect(screen.getByRole('dialog', { name: 'Outer' })).toBeInTheDocument()
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(screen.getByTestId('toast')).toBeInTheDocument()
  })

  it('asks before discarding unsaved input, as Escape on the dialog does', async () => {
    const user = userEvent.setup()
    render(<Page dirty />)
    await screen.findByRole('dialog', { name: 'Outer' })
    raise()
    await screen.findByTestId('toast')
    await user.keyboard('{Escape}')
    expect(await screen.findByTestId('confirm-discard')).toBeInTheDocument()
    // Still open, under the question.
    expect(screen.getByText('Outer')).toBeInTheDocument()
  })
})
