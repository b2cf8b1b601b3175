import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import * as React from 'react'
import { describe, expect, it } from 'vitest'
import { ImageUpload, move } from '@/features/properties/components/image-upload'

function Harness({ initial }: { initial: string[] }) {
  const [value, setValue] = React.useState(initial)
  return (
    <>
      <ImageUpload value={value} onChange={setValue} />
      <output data-testid="value">{value.join(',')}</output>
    </>
  )
}

describe('ImageUpload (listing photos)', () => {
  it('moves an item', () => {
    expect(move(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b'])
    expect(move(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c'])
  })

  it('marks the first photo as the cover, and reorders, makes a cover and removes', async () => {
    const user = userEvent.setup()
    render(<Harness initial={['/media/a', '/media/b', '/media/c']} />)
    const items = screen.getAllByTestId('photo-item')
    expect(within(items[0]!).getByText('Cover')).toBeInTheDocument()
    expect(within(items[0]!).getByRole('img')).toHaveAttribute('src', '/media/a/card')
    await user.click(screen.getByRole('button', { name: 'Move photo 1 later' }))
    expect(screen.getByTestId('value')).toHaveTextContent('/media/b,/media/a,/media/c')
    await user.click(screen.getByRole('button', { name: 'Make photo 3 the cover' }))
    expect(screen.getByTestId('value')).toHaveTextContent('/media/c,/media/b,/media/a')
    await user.click(screen.getByRole('button', { name: 'Move photo 3 earlier' }))
    expect(screen.getByTestId('value')).toHaveTextContent('/media/c,/media/a,/media/b')
    await user.click(screen.getByRole('button', { name: 'Remove photo 1' }))
    expect(screen.getByTestId('value')).toHaveTextContent('/media/a,/media/b')
    expect(screen.getByRole('button', { name: 'Move photo 1 earlier' })).toBeDisabled()
  })

  it('offers no more uploads at ten photos', () => {
    render(<Harness initial={Array.from({ length: 10 }, (_, i) => `/media/p${i}`)} />)
    expect(screen.getByLabelText('Property Image')).toBeDisabled()
    expect(screen.queryByText('Add photos')).not.toBeInTheDocument()
  })

  it('adds several photos at once, up to ten', async () => {
    const user = userEvent.setup({ applyAccept: false })
    render(<Harness initial={Array.from({ length: 8 }, (_, i) => `/media/p${i}`)} />)
    const files = ['a', 'b', 'c'].map((n) => new File([n], `${n}.jpg`, { type: 'image/jpeg' }))
    await user.upload(screen.getByLabelText('Property Image'), files)
    await screen.findByAltText('Property image preview 10')
    expect(screen.getAllByTestId('photo-item')).toHaveLength(10)
  })
})
