import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router'
import { describe, expect, it, vi } from 'vitest'
import { DuplicateNotice } from '@/features/properties/components/duplicate-notice'
import type { Property } from '@/lib/api-schemas'

const saved = {
  id: 9,
  title: 'Kondapur 3BHK',
  possibleDuplicates: [
    {
      id: 7,
      agentId: 3,
      agentName: 'Kavitha Reddy',
      title: '3 BHK in Kondapur',
      locality: 'Kondapur',
      city: 'Hyderabad',
      price: 12_500_000,
      likelihood: 0.95,
      reasons: ['same locality', 'same photo'],
    },
  ],
} as unknown as Property

describe('DuplicateNotice', () => {
  it('tells the agent whose listing it looks like, with a link, and can be dismissed', async () => {
    const onDismiss = vi.fn()
    render(
      <MemoryRouter>
        <DuplicateNotice saved={saved} onDismiss={onDismiss} />
      </MemoryRouter>,
    )
    expect(screen.getByRole('status')).toHaveTextContent('This looks like a listing by Kavitha Reddy (Kondapur, ₹1.25 Cr, same photo)')
    expect(screen.getByRole('link', { name: 'See it in the marketplace' })).toHaveAttribute('href', '/dashboard')
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }))
    expect(onDismiss).toHaveBeenCalled()
  })

  it('shows nothing without possible duplicates', () => {
    const { container } = render(
      <MemoryRouter>
        <DuplicateNotice saved={{ ...saved, possibleDuplicates: [] }} onDismiss={() => {}} />
      </MemoryRouter>,
    )
    expect(container).toBeEmptyDOMElement()
  })
})
