import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'

describe('Field', () => {
  it('labels the control and leaves it valid without an error', () => {
    render(
      <Field id="title" label="Title">
        <Input />
      </Field>,
    )
    const input = screen.getByLabelText('Title')
    expect(input).toHaveAttribute('id', 'title')
    expect(input).toHaveAttribute('aria-invalid', 'false')
    expect(input).not.toHaveAttribute('aria-describedby')
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('shows the error as an alert and marks the control invalid', () => {
    render(
      <Field id="title" label="Title" error="Title is required">
        <Input />
      </Field>,
    )
    expect(screen.getByLabelText('Title')).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByRole('alert')).toHaveTextContent('Title is required')
  })

  it('links the hint by aria-describedby, keeps an empty hint line and passes its props', () => {
    const { rerender } = render(
      <Field id="price" label="Price" hint="Minimum 8 characters">
        <Input />
      </Field>,
    )
    expect(screen.getByLabelText('Price')).toHaveAccessibleDescription('Minimum 8 characters')
    rerender(
      <Field id="price" label="Price" hint="" hintProps={{ 'data-testid': 'words', className: 'min-h-4' }}>
        <Input />
      </Field>,
    )
    expect(screen.getByTestId('words')).toHaveAttribute('id', 'price-hint')
    expect(screen.getByTestId('words')).toHaveClass('min-h-4', 'text-xs')
    expect(screen.getByLabelText('Price')).toHaveAttribute('aria-describedby', 'price-hint')
  })

  it('puts an action at the end of the label row, and the control keeps its own props', () => {
    render(
      <Field id="password" label="Password" labelAction={<button type="button">Forgot password?</button>}>
        <Input type="password" aria-describedby="own" />
      </Field>,
    )
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-describedby', 'own')
    expect(screen.getByRole('button', { name: 'Forgot password?' })).toBeInTheDocument()
  })
})
