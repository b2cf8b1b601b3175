import { act, fireEvent, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { Button } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { setServerErrors, untilSettled, useZodForm } from '@/components/ui/use-zod-form'
import type { FieldError } from '@/lib/api-client'

const schema = z.object({ name: z.string().trim().min(1, 'Name is required') })

function NameForm({ save, serverErrors }: { save: (name: string) => Promise<unknown>; serverErrors?: FieldError[] }) {
  const form = useZodForm(schema, { name: '' })
  const { errors, isSubmitting } = form.formState
  const onSubmit = form.handleSubmit(async ({ name }) => {
    await untilSettled(save(name))
    setServerErrors(form, serverErrors)
  })
  return (
    <form noValidate onSubmit={onSubmit}>
      <Field id="name" label="Name" error={errors.name?.message}>
        <Input {...form.register('name')} />
      </Field>
      <p>{errors.root?.message}</p>
      <Button type="submit" disabled={isSubmitting}>
        Save
      </Button>
    </form>
  )
}

describe('useZodForm', () => {
  it('shows the schema message under the field and sends nothing', async () => {
    const save = vi.fn(() => Promise.resolve())
    render(<NameForm save={save} />)
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Name is required')
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true')
    expect(save).not.toHaveBeenCalled()
  })

  it('keeps the submit button disabled until the write settles, so a second tap sends nothing', async () => {
    let finish: (value?: unknown) => void = () => {}
    const save = vi.fn(() => new Promise((resolve) => (finish = resolve)))
    render(<NameForm save={save} />)
    await userEvent.type(screen.getByLabelText('Name'), 'Asha')
    const button = screen.getByRole('button', { name: 'Save' })
    fireEvent.click(button)
    expect(button).toBeDisabled() // at once: before the schema check has resolved
    fireEvent.click(button)
    await vi.waitFor(() => expect(save).toHaveBeenCalledTimes(1))
    expect(button).toBeDisabled()
    await act(async () => finish())
    expect(button).toBeEnabled()
    expect(save).toHaveBeenCalledTimes(1)
  })

  it('re-enables the button after a failed write without throwing', async () => {
    const save = vi.fn(() => Promise.reject(new Error('boom')))
    render(<NameForm save={save} />)
    await userEvent.type(screen.getByLabelText('Name'), 'Asha')
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Save' })).toBeEnabled())
    expect(save).toHaveBeenCalledTimes(1)
  })
})

describe('setServerErrors', () => {
  it('puts each {path, message} under its field', async () => {
    render(<NameForm save={() => Promise.resolve()} serverErrors={[{ path: 'name', message: 'Name is taken' }]} />)
    await userEvent.type(screen.getByLabelText('Name'), 'Asha')
    await userEvent.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Name is taken')
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true')
  })

  it('renames a path and rewords a message through toField', () => {
    const setError = vi.fn()
    setServerErrors({ setError }, [{ path: 'images[2]', message: 'Too large' }], (e) => ({
      path: 'images',
      message: `Photo 3: ${e.message}`,
    }))
    expect(setError).toHaveBeenCalledWith('images', { type: 'server', message: 'Photo 3: Too large' })
  })
})
