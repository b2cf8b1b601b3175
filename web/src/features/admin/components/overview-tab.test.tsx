import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { AdminStats, QueueGroup } from '@/features/admin/api/get-admin-data'
import { OverviewTab } from '@/features/admin/components/overview-tab'
import { mockApi, renderWithProviders } from '@/test/utils'

afterEach(() => vi.unstubAllGlobals())

const none: QueueGroup = { due: 0, running: 0, scheduled: 0, oldestDueSeconds: 0, nextAt: null }

function stats(queue: Partial<AdminStats['queue']>): AdminStats {
  return {
    totalUsers: 12,
    totalProperties: 34,
    totalRequirements: 5,
    totalMatches: 7,
    totalCourses: 3,
    activeConnections: 4,
    signupsLast30Days: 6,
    activeAgentsLast7Days: 2,
    queue: { matching: none, digests: none, other: none, ...queue },
    countedAt: '2026-01-01T10:00:00Z',
  }
}

async function tile(title: string) {
  const overview = await screen.findByTestId('admin-overview')
  return within(within(overview).getByText(title).closest('div')!)
}

describe('OverviewTab queue cards', () => {
  it('never counts scheduled digests as matching, and says when the next goes', async () => {
    mockApi({
      'GET /api/admin/stats': {
        body: stats({ digests: { ...none, scheduled: 3, nextAt: '2026-01-01T10:08:00Z' } }),
      },
    })
    renderWithProviders(<OverviewTab />)
    const matching = await tile('Matching Queue')
    expect(matching.getByText('0')).toBeInTheDocument()
    expect(matching.getByText('nothing waiting')).toBeInTheDocument()
    const digests = await tile('Notification Digests')
    expect(digests.getByText('3')).toBeInTheDocument()
    expect(digests.getByText('3 scheduled, next in 8 min')).toBeInTheDocument()
    expect(screen.queryByText(/oldest waiting/)).toBeNull()
  })

  it('shows how long due jobs have waited since they became due', async () => {
    mockApi({
      'GET /api/admin/stats': {
        body: stats({
          matching: { ...none, due: 2, running: 1, oldestDueSeconds: 240 },
          digests: { ...none, due: 1, scheduled: 1, oldestDueSeconds: 300, nextAt: '2026-01-01T10:05:00Z' },
        }),
      },
    })
    renderWithProviders(<OverviewTab />)
    const matching = await tile('Matching Queue')
    expect(matching.getByText('3')).toBeInTheDocument()
    expect(matching.getByText('oldest waiting 4 min')).toBeInTheDocument()
    const digests = await tile('Notification Digests')
    expect(digests.getByText('2')).toBeInTheDocument()
    expect(digests.getByText('1 due, oldest waiting 5 min')).toBeInTheDocument()
  })
})
