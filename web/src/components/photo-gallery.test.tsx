import { fireEvent, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { PhotoGallery } from '@/components/photo-gallery'

const photos = ['/media/a', '/media/b', '/media/c']

describe('PhotoGallery', () => {
  it('shows every photo in order, named, with card-size thumbnails', () => {
    render(<PhotoGallery photos={photos} title="Garden villa" />)
    expect(screen.getByAltText('Garden villa, photo 1 of 3')).toHaveAttribute('src', '/media/a')
    expect(screen.getByAltText('Garden villa, photo 3 of 3')).toHaveAttribute('src', '/media/c')
    expect(screen.getByRole('button', { name: 'Show photo 2' }).querySelector('img')).toHaveAttribute('src', '/media/b/card')
    expect(screen.getByTestId('photo-counter')).toHaveTextContent('1 / 3')
  })

  it('moves with the arrows, the thumbnails and the arrow keys, stopping at the ends', async () => {
    const user = userEvent.setup()
    render(<PhotoGallery photos={photos} title="Garden villa" />)
    const prev = screen.getByRole('button', { name: 'Previous photo' })
    const next = screen.getByRole('button', { name: 'Next photo' })
    expect(prev).toBeDisabled()
    await user.click(next)
    expect(screen.getByTestId('photo-counter')).toHaveTextContent('2 / 3')
    await user.click(screen.getByRole('button', { name: 'Show photo 3' }))
    expect(screen.getByTestId('photo-counter')).toHaveTextContent('3 / 3')
    expect(next).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Show photo 3' })).toHaveAttribute('aria-current', 'true')
    fireEvent.keyDown(screen.getByLabelText(/use the arrow keys/), { key: 'ArrowLeft' })
    expect(screen.getByTestId('photo-counter')).toHaveTextContent('2 / 3')
  })

  it('follows a swipe: the photo scrolled into view becomes the current one', () => {
    render(<PhotoGallery photos={photos} title="Garden villa" />)
    const strip = screen.getByLabelText(/use the arrow keys/)
    Object.defineProperty(strip, 'clientWidth', { value: 400 })
    strip.scrollLeft = 790 // a swipe that came to rest on the third photo
    fireEvent.scroll(strip)
    expect(screen.getByTestId('photo-counter')).toHaveTextContent('3 / 3')
  })

  it('has no arrows or counter for one photo, and nothing for none', () => {
    const { rerender, container } = render(<PhotoGallery photos={['/media/a']} title="Plot" />)
    expect(screen.queryByRole('button', { name: 'Next photo' })).not.toBeInTheDocument()
    expect(screen.queryByTestId('photo-counter')).not.toBeInTheDocument()
    rerender(<PhotoGallery photos={[]} title="Plot" />)
    expect(container).toBeEmptyDOMElement()
  })
})
