import { useQuery } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api-client'
import type { components } from '@/lib/api-types'

export type SessionInfo = components['schemas']['SessionInfo']

export const settingsKeys = {
  sessions: () => ['/api/user/sessions'] as const,
}

/** GET /api/user/sessions: the agent's active sessions, most recently used first. */
export function useSessions() {
  return useQuery({ queryKey: settingsKeys.sessions(), queryFn: ({ signal }) => unwrap(api.GET('/api/user/sessions', { signal })) })
}
