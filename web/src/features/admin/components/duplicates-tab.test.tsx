import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { DuplicateCluster } from '@/features/admin/api/get-admin-data'
import { DuplicatesTab } from '@/features/admin/components/duplicates-tab'
import { expectToast, mockApi, renderWithProviders, testUser } from '@/test/utils'

afterEach(() => vi.unstubAllGlobals())

const admin = { ...testUser, id: 1, role: 'admin' as const }

const member = (propertyId: number, agentName: string, price: number) => ({
  propertyId,
  agentId: propertyId + 100,
  agentName,
  title: '3 BHK in Kondapur',
  locality: 'Kondapur',
  city: 'Hyderabad',
  price,
  isActive: true,
})

const cluster: DuplicateCluster = {
  id: 4,
  likelihood: 0.95,
  updatedAt: '2026-01-01T00:00:00Z',
  members: [member(4, 'Kavitha Reddy', 12_500_000), member(9, 'Ravi Kumar', 12_800_000)],
  pairs: [
    { id: 1, propertyA: 4, propertyB: 9, likelihood: 0.95, reasons: ['same locality', 'same photo'], updatedAt: '2026-01-01T00:00:00Z' },
  ],
}

describe('DuplicatesTab', () => {
  it('lists each cluster with its agents and signals, and splits one', async () => {
    const { calls } = mockApi({
      'GET /api/user': { body: admin },
      'GET /api/admin/duplicates': { body: [cluster] },
      'POST /api/admin/duplicates/4/split': { body: cluster },
    })
    renderWithProviders(<DuplicatesTab />)
    const row = await screen.findByTestId('duplicate-cluster')
    expect(row).toHaveTextContent('Listed by 2 agents')
    expect(row).toHaveTextContent('95% likely')
    expect(row).toHaveTextContent('Kavitha Reddy')
    expect(row).toHaveTextContent('₹1.28 Cr')
    expect(row).toHaveTextContent('Signals: same locality, same photo')
    await userEvent.click(screen.getByRole('button', { name: 'Not a duplicate' }))
    await expectToast('Marked as not a duplicate')
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/admin/duplicates/4/split')).toBe(true)
  })

  it('says when there are none', async () => {
    mockApi({ 'GET /api/user': { body: admin }, 'GET /api/admin/duplicates': { body: [] } })
    renderWithProviders(<DuplicatesTab />)
    expect(await screen.findByText('No likely duplicate listings.')).toBeInTheDocument()
  })
})
