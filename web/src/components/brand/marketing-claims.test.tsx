import { screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { MarketingClaims } from '@/components/brand/marketing-claims'
import { makeFigures, makeSitePage } from '@/test/site-fixtures'
import { mockApi, renderWithProviders } from '@/test/utils'

afterEach(() => vi.unstubAllGlobals())

describe('MarketingClaims', () => {
  it('shows live figures and the editable offers, no built-in numbers', async () => {
    mockApi({
      'GET /api/site': { body: makeSitePage({ offers: [{ value: '₹75', label: 'Per lead' }] }) },
      'GET /api/site/figures': { body: makeFigures({ agents: 8, reraVerifiedAgents: 3, activeListings: 25_678 }) },
    })
    renderWithProviders(<MarketingClaims />)
    expect(await screen.findByText('₹75')).toBeInTheDocument()
    expect(screen.getByText('8')).toBeInTheDocument()
    expect(screen.getByText('25,000+')).toBeInTheDocument()
    expect(screen.queryByText('10,000+')).not.toBeInTheDocument()
  })
})
