import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api-client'
import type { DashboardStats } from '@/lib/api-schemas'

/**
 * The one Messages count of the app (the sidebar link and the mobile dashboard tile): unread
 * messages plus connection requests waiting for the agent, both of which /messages lists.
 */
export const MESSAGES_COUNT = 'messagesBadge' as const satisfies keyof DashboardStats

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`

/**
 * What the Messages count is made of, said in words: "3 unread messages and 1 connection request". The top
 * bar's badge counts unread messages only; this says why the two numbers can differ.
 */
export function messagesBadgeTitle(unread: number, requests: number) {
  return `${plural(unread, 'unread message', 'unread messages')} and ${plural(requests, 'connection request', 'connection requests')}`
}

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
