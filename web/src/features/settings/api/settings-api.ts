import { useQuery } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api-client'
import { apiMutation } from '@/lib/api-mutation'
import type { components } from '@/lib/api-types'

export type SessionInfo = components['schemas']['SessionInfo']
export type PasswordChange = components['schemas']['PasswordChange']

export const settingsKeys = {
  sessions: () => ['/api/user/sessions'] as const,
}

/** GET /api/user/sessions: the agent's active sessions, most recently used first. */
export function useSessions() {
  return useQuery({ queryKey: settingsKeys.sessions(), queryFn: ({ signal }) => unwrap(api.GET('/api/user/sessions', { signal })) })
}

/** POST /api/user/password: every other session ends, so the list is stale. */
export const changePassword = apiMutation({
  mutationFn: (body: PasswordChange) => unwrap(api.POST('/api/user/password', { body })),
  invalidates: settingsKeys.sessions(),
})

/** DELETE /api/user/sessions/{id}. */
export const endSession = apiMutation({
  mutationFn: (id: number) => unwrap(api.DELETE('/api/user/sessions/{id}', { params: { path: { id } } })),
  invalidates: settingsKeys.sessions(),
})

/** POST /api/user/sessions/sign-out-others. */
export const endOtherSessions = apiMutation({
  mutationFn: () => unwrap(api.POST('/api/user/sessions/sign-out-others')),
  invalidates: settingsKeys.sessions(),
})
