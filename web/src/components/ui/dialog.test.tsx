import * as React from 'react'
import { act, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { Dialog, DialogContent, DialogDescription, DialogTitle, useUnsavedChanges } from '@/components/ui/dialog'
import { DIALOG_STATE_KEY } from '@/lib/use-back-closes'

afterEach(async () => {
  // Leave history at a plain entry for the next test.
  while ((window.history.state as Record<string, unknown> | null)?.[DIALOG_STATE_KEY]) await goBack()
})

/** history.back() and the popstate it fires (asynchronous in jsdom). */
async function goBack() {
  await act(async () => {
    const popped = new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }))
    window.history.back()
    await popped
  })
}

const depth = () => (window.history.state as Record<string, unknown> | null)?.[DIALOG_STATE_KEY]

function Form() {
  const [text, setText] = React.useState('')
  useUnsavedChanges(text !== '')
  return <input aria-label="Title" value={text} onChange={(e) => setText(e.target.value)} />
}

function Harness({ withForm = false, onSave }: { withForm?: boolean; onSave?: () => void }) {
  const [open, setOpen] = React.useState(false)
  return (
    <>
      <button onClick={() => setOpen(true)}>Open</button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <DialogTitle>Add Property</DialogTitle>
          <DialogDescription>Form</DialogDescription>
          {withForm && <Form />}
          <button
            onClick={() => {
              onSave?.()
              setOpen(false)
            }}
          >
            Save
          </button>
        </DialogContent>
      </Dialog>
    </>
  )
}

describe('Dialog and Back', () => {
  it('pushes a history entry while open, and Back closes the dialog', async () => {
    const before = window.history.length
    render(<Harness />)
    await userEvent.click(screen.getByRole('button', { name: 'Open' }))
    expect(screen.getByRole('dialog')).toBeInTheDocument()
    await waitFor(() => expect(depth()).toBe(1))
    expect(window.history.length).toBe(before + 1)
    await goBack()
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(depth()).toBeUndefined()
  })

  it('closing with the close button takes the entry off again', async () => {
    render(<Harness />)
    await userEvent.click(screen.getByRole('button', { name: 'Open' }))
    await waitFor(() => expect(depth()).toBe(1))
    await act(async () => {
      const popped = new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }))
      await userEvent.click(screen.getByRole('button', { name: 'Close' }))
      await popped
    })
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(depth()).toBeUndefined()
  })

  it('with unsaved input, Back asks first: Keep Editing keeps the dialog (and Back armed), Discard closes it', async () => {
    render(<Harness withForm />)
    await userEvent.click(screen.getByRole('button', { name: 'Open' }))
    await userEvent.type(screen.getByRole('textbox', { name: 'Title' }), '3BHK')
    await waitFor(() => expect(depth()).toBe(1))
    await goBack()
    expect(await screen.findByText('Discard changes?')).toBeInTheDocument()
    await waitFor(() => expect(depth()).toBe(1)) // pushed again: the next Back asks again
    await userEvent.click(screen.getByRole('button', { name: 'Keep Editing' }))
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveValue('3BHK')
    await userEvent.keyboard('{Escape}')
    expect(await screen.findByText('Discard changes?')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Discard' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    await waitFor(() => expect(depth()).toBeUndefined())
  })

  it('a save closes without asking, even with input in the form', async () => {
    let saved = 0
    render(<Harness withForm onSave={() => saved++} />)
    await userEvent.click(screen.getByRole('button', { name: 'Open' }))
    await userEvent.type(screen.getByRole('textbox', { name: 'Title' }), 'x')
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(saved).toBe(1)
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(screen.queryByText('Discard changes?')).not.toBeInTheDocument()
  })

  it('a navigation from inside a dialog replaces its entry instead of stacking on it', async () => {
    render(<Harness />)
    await userEvent.click(screen.getByRole('button', { name: 'Open' }))
    await waitFor(() => expect(depth()).toBe(1))
    const length = window.history.length
    window.history.pushState({ key: 'router' }, '', '/elsewhere')
    expect(window.history.length).toBe(length)
    expect(depth()).toBeUndefined()
    window.history.replaceState(null, '', '/')
  })
})
