import { queryOptions, useQuery } from '@tanstack/react-query'
import { getQueryFn } from '@/lib/api-client'
import type { DashboardStats } from '@/lib/api-schemas'

/** Query keys of the caller's dashboard counts. */
export const dashboardStatsKeys = {
  all: () => ['/api/dashboard/stats'] as const,
}

/** GET /api/dashboard/stats: counts for the dashboard and the sidebar badges. */
export const getDashboardStats = getQueryFn<DashboardStats>({ on401: 'throw' })

export const dashboardStatsQueryOptions = () =>
  queryOptions({
    queryKey: dashboardStatsKeys.all(),
    queryFn: getDashboardStats,
  })

/** The caller's counts; idle while signed out. */
export function useDashboardStats({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...dashboardStatsQueryOptions(), enabled })
}
