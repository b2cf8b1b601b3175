import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { PropertyCard } from '@/features/properties/components/property-card'
import { makeProperty } from '@/features/properties/test/fixtures'

describe('PropertyCard', () => {
  const property = makeProperty({ title: 'Sea view flat', locality: 'Bandra', city: 'Mumbai', price: 32_500_000, bedrooms: 2 })

  it.each(['mobile', 'compact', 'full'] as const)('shows title, location, price, type and BHK in the %s layout', (layout) => {
    render(<PropertyCard property={property} layout={layout} />)
    const card = screen.getByTestId('property-card')
    expect(card).toHaveAttribute('data-layout', layout)
    expect(card).toHaveTextContent('Sea view flat')
    expect(card).toHaveTextContent('Bandra, Mumbai')
    expect(card).toHaveTextContent('₹3.25 Cr')
    expect(card).toHaveTextContent('Apartment')
    expect(card).toHaveTextContent('2 BHK')
    expect(card).toHaveTextContent('Active')
    expect(within(card).getByTestId('property-image-placeholder')).toBeInTheDocument()
    expect(within(card).queryByRole('button')).not.toBeInTheDocument()
    expect(within(card).queryByTestId('property-sequence')).not.toBeInTheDocument()
  })

  it('offers only the actions it is given, and the sequence number', async () => {
    const onView = vi.fn()
    const onDelete = vi.fn()
    const user = userEvent.setup()
    render(<PropertyCard property={property} sequence={3} onView={onView} onDelete={onDelete} />)
    expect(screen.getByTestId('property-sequence')).toHaveTextContent('#3')
    expect(screen.queryByRole('button', { name: /edit/i })).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'View Sea view flat' }))
    await user.click(screen.getByRole('button', { name: 'Delete Sea view flat' }))
    expect(onView).toHaveBeenCalledWith(property)
    expect(onDelete).toHaveBeenCalledWith(property)
  })
})
