import { keepPreviousData, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api-client'
import type { components } from '@/lib/api-types'
import { pagedQueryOptions } from '@/lib/paged-query'

type Schemas = components['schemas']
export type AdminStats = Schemas['AdminStats']
export type QueueGroup = Schemas['QueueGroup']
export type AdminUser = Schemas['User']
export type AdminProperty = Schemas['AdminProperty']
export type AdminRequirement = Schemas['AdminRequirement']
export type AdminMatch = Schemas['AdminMatch']
export type AuditEvent = Schemas['AuditEvent']
export type MatchStatus = Schemas['MatchStatus']

/** Query keys: each starts with its path, so a write names the families it makes stale. */
export const adminKeys = {
  stats: () => ['/api/admin/stats'] as const,
  users: (q: string) => ['/api/admin/users', { q }] as const,
  properties: (q: string) => ['/api/admin/properties', { q }] as const,
  requirements: (q: string) => ['/api/admin/requirements', { q }] as const,
  matches: (status: MatchStatus | '') => ['/api/admin/matches', status ? { status } : {}] as const,
  audit: () => ['/api/admin/audit'] as const,
  advertisements: () => ['/api/admin/advertisements'] as const,
}

/** Every admin list and figure: an admin write can change any of them (and the audit log). */
export const adminFamilies = ['/api/admin', '/api/marketplace', '/api/dashboard/stats']

export function useAdminStats() {
  return useQuery(queryOptions({ queryKey: adminKeys.stats(), queryFn: ({ signal }) => unwrap(api.GET('/api/admin/stats', { signal })) }))
}

export function useAdminUsers(q: string) {
  const key = adminKeys.users(q)
  return useInfiniteQuery({
    ...pagedQueryOptions(key, (init) => api.GET('/api/admin/users', { params: { query: key[1] }, ...init })),
    placeholderData: keepPreviousData,
  })
}

export function useAdminProperties(q: string) {
  const key = adminKeys.properties(q)
  return useInfiniteQuery({
    ...pagedQueryOptions(key, (init) => api.GET('/api/admin/properties', { params: { query: key[1] }, ...init })),
    placeholderData: keepPreviousData,
  })
}

export function useAdminRequirements(q: string) {
  const key = adminKeys.requirements(q)
  return useInfiniteQuery({
    ...pagedQueryOptions(key, (init) => api.GET('/api/admin/requirements', { params: { query: key[1] }, ...init })),
    placeholderData: keepPreviousData,
  })
}

export function useAdminMatches(status: MatchStatus | '') {
  const key = adminKeys.matches(status)
  return useInfiniteQuery({
    ...pagedQueryOptions(key, (init) => api.GET('/api/admin/matches', { params: { query: key[1] }, ...init })),
    placeholderData: keepPreviousData,
  })
}

export function useAuditLog() {
  return useInfiniteQuery(pagedQueryOptions(adminKeys.audit(), (init) => api.GET('/api/admin/audit', init)))
}

export type DuplicateCluster = Schemas['DuplicateCluster']

/** GET /api/admin/duplicates: clusters of likely duplicate listings across agents, most recently found first. */
export function useDuplicateClusters() {
  return useQuery(
    queryOptions({ queryKey: ['/api/admin/duplicates'], queryFn: ({ signal }) => unwrap(api.GET('/api/admin/duplicates', { signal })) }),
  )
}
