import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api-client'
import type { AnalyticsWindow } from '@/features/analytics/lib/analytics-view'

/** GET /api/analytics?window=: the caller's figures, all counted by the server. */
export const analyticsQueryOptions = (window: AnalyticsWindow) =>
  queryOptions({
    queryKey: ['/api/analytics', window] as const,
    queryFn: ({ signal }) => unwrap(api.GET('/api/analytics', { params: { query: { window } }, signal })),
  })

/** The report for window; the previous window's stays shown while the next one loads. */
export function useAnalytics(window: AnalyticsWindow) {
  return useQuery({ ...analyticsQueryOptions(window), placeholderData: keepPreviousData })
}
