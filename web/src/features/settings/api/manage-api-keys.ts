import { useQuery } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api-client'
import { apiMutation } from '@/lib/api-mutation'
import type { components } from '@/lib/api-types'

export type ApiKey = components['schemas']['ApiKey']
export type ApiKeyCreated = components['schemas']['ApiKeyCreated']
export type NewApiKey = components['schemas']['NewApiKey']

export const apiKeyKeys = {
  list: () => ['/api/user/api-keys'] as const,
}

/** GET /api/user/api-keys: the agent's keys (never their secret) and whether the plan allows API access. */
export function useApiKeys() {
  return useQuery({ queryKey: apiKeyKeys.list(), queryFn: ({ signal }) => unwrap(api.GET('/api/user/api-keys', { signal })) })
}

/** POST /api/user/api-keys: the answer's `key` is shown once. */
export const createApiKey = apiMutation({
  mutationFn: (body: NewApiKey) => unwrap(api.POST('/api/user/api-keys', { body })),
  invalidates: apiKeyKeys.list(),
})

/** DELETE /api/user/api-keys/{id}. */
export const revokeApiKey = apiMutation({
  mutationFn: (id: number) => unwrap(api.DELETE('/api/user/api-keys/{id}', { params: { path: { id } } })),
  invalidates: apiKeyKeys.list(),
})
