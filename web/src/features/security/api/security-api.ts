import { queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api-client'
import { apiMutation } from '@/lib/api-mutation'
import type { components } from '@/lib/api-types'
import { pagedQueryOptions } from '@/lib/paged-query'

export type SecurityOverview = components['schemas']['SecurityOverview']
export type SecurityEvent = components['schemas']['SecurityEvent']
export type SecurityEventType = components['schemas']['SecurityEventType']
export type SuspiciousIp = components['schemas']['SuspiciousIp']
export type IpBlock = components['schemas']['IpBlock']
export type IpBlockInput = components['schemas']['IpBlockInput']
export type ProtectionStatus = components['schemas']['ProtectionStatus']

/** The spec's refresh: the dashboard asks again every 30 seconds. */
export const REFRESH_MS = 30_000

/** GET /api/security/events: the cards (and the ten most suspicious addresses), every 30 s. */
export function useSecurityOverview() {
  return useQuery(
    queryOptions({
      queryKey: ['/api/security/events'],
      queryFn: ({ signal }) => unwrap(api.GET('/api/security/events', { signal, params: { query: { limit: 1 } } })),
      refetchInterval: REFRESH_MS,
    }),
  )
}

/** GET /api/security/events/recent: the newest events of one type (or all), 50 a page, every 30 s. */
export function useRecentEvents(type: SecurityEventType | '') {
  return useInfiniteQuery({
    ...pagedQueryOptions(['/api/security/events/recent', type], (init) =>
      api.GET('/api/security/events/recent', { ...init, params: { query: type ? { type } : {} } }),
    ),
    refetchInterval: REFRESH_MS,
  })
}

/** GET /api/security/ips: the suspicious addresses of the last 7 days, ranked. */
export function useSuspiciousIps() {
  return useQuery({
    queryKey: ['/api/security/ips'],
    queryFn: ({ signal }) => unwrap(api.GET('/api/security/ips', { signal })),
    refetchInterval: REFRESH_MS,
  })
}

/** GET /api/security/protection: the settings the server runs with. */
export function useProtection() {
  return useQuery({
    queryKey: ['/api/security/protection'],
    queryFn: ({ signal }) => unwrap(api.GET('/api/security/protection', { signal })),
  })
}

/** GET /api/security/blocks: the block list, newest first. */
export function useBlocks() {
  return useInfiniteQuery({
    ...pagedQueryOptions(['/api/security/blocks'], (init) => api.GET('/api/security/blocks', init)),
    refetchInterval: REFRESH_MS,
  })
}

/** What a block or a lift makes stale: the lists and the addresses' blocked flags (and the admin action it records). */
const securityFamilies = ['/api/security/blocks', '/api/security/ips', '/api/security/events', '/api/security/events/recent']

/** POST /api/security/blocks. */
export const addBlock = apiMutation({
  mutationFn: (body: IpBlockInput) => unwrap(api.POST('/api/security/blocks', { body })),
  invalidates: securityFamilies,
})

/** DELETE /api/security/blocks/{id}. */
export const liftBlock = apiMutation({
  mutationFn: (id: number) => unwrap(api.DELETE('/api/security/blocks/{id}', { params: { path: { id } } })),
  invalidates: securityFamilies,
})
