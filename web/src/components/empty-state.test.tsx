import { render, screen } from '@testing-library/react'
import { Home } from 'lucide-react'
import { describe, expect, it } from 'vitest'
import { EmptyState } from '@/components/empty-state'

describe('EmptyState', () => {
  it('shows an icon, one sentence and the one action', () => {
    render(<EmptyState icon={Home} data-testid="empty" message="No properties yet." action={<button>Add Property</button>} />)
    const empty = screen.getByTestId('empty')
    expect(empty.querySelector('svg')).toHaveAttribute('aria-hidden', 'true')
    expect(empty.querySelectorAll('p')).toHaveLength(1)
    expect(screen.getByText('No properties yet.')).toBeInTheDocument()
    expect(screen.getAllByRole('button')).toHaveLength(1)
  })

  it('may have no action', () => {
    render(<EmptyState icon={Home} data-testid="empty" message="No other agents have joined yet." />)
    expect(screen.queryByRole('button')).not.toBeInTheDocument()
  })
})
