import { keepPreviousData, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api-client'
import type { components, operations } from '@/lib/api-types'
import { apiMutation } from '@/lib/api-mutation'
import { pagedQueryOptions } from '@/lib/paged-query'

type Schemas = components['schemas']
export type AdminStats = Schemas['AdminStats']
export type AdminUser = Schemas['User']
export type AdminUserPatch = Schemas['AdminUserPatch']
export type AdminProperty = Schemas['AdminProperty']
export type AdminRequirement = Schemas['AdminRequirement']
export type AdminMatch = Schemas['AdminMatch']
export type AuditEvent = Schemas['AuditEvent']
export type MatchStatus = Schemas['MatchStatus']
type RoleBody = operations['setAdminUserRole']['requestBody']['content']['application/json']

/** Query keys: each starts with its path, so a write names the families it makes stale. */
export const adminKeys = {
  stats: () => ['/api/admin/stats'] as const,
  users: (q: string) => ['/api/admin/users', { q }] as const,
  properties: (q: string) => ['/api/admin/properties', { q }] as const,
  requirements: (q: string) => ['/api/admin/requirements', { q }] as const,
  matches: (status: MatchStatus | '') => ['/api/admin/matches', status ? { status } : {}] as const,
  audit: () => ['/api/admin/audit'] as const,
}

/** Every admin list and figure: an admin write can change any of them (and the audit log). */
const adminFamilies = ['/api/admin', '/api/marketplace', '/api/dashboard/stats']

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

/** PATCH /api/admin/users/{id}/role. */
export const setUserRole = apiMutation({
  mutationFn: ({ id, role }: { id: number; role: RoleBody['role'] }) =>
    unwrap(api.PATCH('/api/admin/users/{id}/role', { params: { path: { id } }, body: { role } })),
  invalidates: adminFamilies,
})

/** PATCH /api/admin/users/{id}: the Edit User Information dialog. */
export const editUser = apiMutation({
  mutationFn: ({ id, body }: { id: number; body: AdminUserPatch }) =>
    unwrap(api.PATCH('/api/admin/users/{id}', { params: { path: { id } }, body })),
  invalidates: adminFamilies,
})

/** POST /api/admin/users/{id}/deactivate or /reactivate. */
export const setUserActive = apiMutation({
  mutationFn: ({ id, active }: { id: number; active: boolean }) =>
    active
      ? unwrap(api.POST('/api/admin/users/{id}/reactivate', { params: { path: { id } } }))
      : unwrap(api.POST('/api/admin/users/{id}/deactivate', { params: { path: { id } } })),
  invalidates: adminFamilies,
})

/** DELETE /api/properties/{id} as an admin: the owner's delete, audited. */
export const adminDeleteProperty = apiMutation({
  mutationFn: (id: number) => unwrap(api.DELETE('/api/properties/{id}', { params: { path: { id } } })),
  invalidates: [...adminFamilies, '/api/properties', '/api/matches'],
})

/** DELETE /api/requirements/{id} as an admin: the owner's delete, audited. */
export const adminDeleteRequirement = apiMutation({
  mutationFn: (id: number) => unwrap(api.DELETE('/api/requirements/{id}', { params: { path: { id } } })),
  invalidates: [...adminFamilies, '/api/requirements', '/api/matches'],
})

export type Advertisement = Schemas['Advertisement']
export type AdvertisementInput = Schemas['AdvertisementInput']

/** GET /api/admin/advertisements: every advert, inactive ones too. */
export function useAdminAdvertisements() {
  return useQuery(
    queryOptions({
      queryKey: ['/api/admin/advertisements'],
      queryFn: ({ signal }) => unwrap(api.GET('/api/admin/advertisements', { signal })),
    }),
  )
}

/** The adverts agents see change with every advert write. */
const advertFamilies = ['/api/admin', '/api/advertisements']

/** POST /api/advertisements, or PUT /api/advertisements/{id} when id is given. */
export const saveAdvertisement = apiMutation({
  mutationFn: ({ id, body }: { id?: number; body: AdvertisementInput }) =>
    id === undefined
      ? unwrap(api.POST('/api/advertisements', { body }))
      : unwrap(api.PUT('/api/advertisements/{id}', { params: { path: { id } }, body })),
  invalidates: advertFamilies,
})

/** DELETE /api/advertisements/{id}. */
export const deleteAdvertisement = apiMutation({
  mutationFn: (id: number) => unwrap(api.DELETE('/api/advertisements/{id}', { params: { path: { id } } })),
  invalidates: advertFamilies,
})
