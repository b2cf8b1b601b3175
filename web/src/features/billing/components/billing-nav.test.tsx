import { screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { BillingNav } from '@/features/billing/components/billing-nav'
import { makeBilling } from '@/test/billing-fixtures'
import { mockApi, renderWithProviders, testUser } from '@/test/utils'

afterEach(() => vi.unstubAllGlobals())

function setup(reply: { status?: number; body: unknown }) {
  mockApi({ 'GET /api/user': { body: testUser }, 'GET /api/billing': reply })
  return renderWithProviders(<BillingNav />)
}

describe('BillingNav', () => {
  it('shows the leads left on the Billing link, without a warning above 20', async () => {
    setup({ body: makeBilling({ credits: { leads: 21, balancePaise: 105_000 } }) })
    expect(await screen.findByTestId('nav-badge-credits')).toHaveTextContent('21 leads')
    expect(screen.getByRole('link', { name: 'Billing 21 leads' })).toHaveAttribute('href', '/billing')
    expect(screen.queryByTestId('low-credits')).not.toBeInTheDocument()
  })

  it('warns at 20 leads', async () => {
    setup({ body: makeBilling({ credits: { leads: 20, balancePaise: 100_000 } }) })
    expect(await screen.findByTestId('low-credits')).toHaveTextContent('Only 20 leads left. Buy credits')
  })

  it('warns that new contacts cannot be unlocked at 0', async () => {
    setup({ body: makeBilling({ credits: { leads: 0, balancePaise: 0 } }) })
    const warning = await screen.findByTestId('low-credits')
    expect(warning).toHaveTextContent('No credits left: new contacts cannot be unlocked. Buy credits')
    expect(warning).toHaveAttribute('href', '/billing')
  })

  it('shows nothing when billing is off', async () => {
    const { queryClient } = setup({ status: 404, body: { message: 'Not found' } })
    await waitFor(() => expect(queryClient.getQueryState(['/api/billing'])?.status).toBe('success'))
    expect(queryClient.getQueryData(['/api/billing'])).toBeNull()
    expect(screen.queryByRole('link', { name: /Billing/ })).not.toBeInTheDocument()
  })
})
