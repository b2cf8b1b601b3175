import type { AdminStats } from '@/features/admin/api/get-admin-data'

const idle = { due: 0, running: 0, scheduled: 0, oldestDueSeconds: 0, nextAt: null }

/** The admin overview's figures as GET /api/admin/stats answers them, with overrides. */
export function makeAdminStats(overrides: Partial<AdminStats> = {}): AdminStats {
  return {
    totalUsers: 12,
    totalProperties: 34,
    totalRequirements: 5,
    totalMatches: 7,
    totalCourses: 3,
    comingSoonCourses: 0,
    activeConnections: 4,
    signupsLast30Days: 6,
    activeAgentsLast7Days: 2,
    queue: { matching: idle, digests: idle, other: idle },
    countedAt: '2026-01-01T00:00:00Z',
    ...overrides,
  }
}
