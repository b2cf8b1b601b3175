import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api-client'

/** Query keys of the caller's dashboard counts. */
export const dashboardStatsKeys = {
  all: () => ['/api/dashboard/stats'] as const,
}

/**
 * GET /api/dashboard/stats: the caller's exact counts, read by the dashboard, the sidebar badges and
 * the tab counts of several pages (never counted from loaded pages).
 */
export const dashboardStatsQueryOptions = () =>
  queryOptions({
    queryKey: dashboardStatsKeys.all(),
    queryFn: ({ signal }) => unwrap(api.GET('/api/dashboard/stats', { signal })),
  })

/** The caller's counts; idle while signed out. */
export function useDashboardStats({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...dashboardStatsQueryOptions(), enabled })
}
