import { api, unwrap } from '@/lib/api-client'
import { apiMutation } from '@/lib/api-mutation'
import type { AnswerConnectionRequest } from '@/lib/api-schemas'
import { changedFamilies } from '@/lib/query-families'

export type AnswerConnectionVariables = { id: number; status: AnswerConnectionRequest['status'] }

/** PUT /api/connections/{id}: the receiver accepts or declines a pending request. */
export const answerConnection = apiMutation({
  mutationFn: ({ id, status }: AnswerConnectionVariables) =>
    unwrap(api.PUT('/api/connections/{id}', { params: { path: { id } }, body: { status } })),
  invalidates: changedFamilies.connections,
})

/** DELETE /api/connections/{id}: the requester cancels a pending request (it becomes cancelled). */
export const cancelConnection = apiMutation({
  mutationFn: (id: number) => unwrap(api.DELETE('/api/connections/{id}', { params: { path: { id } } })),
  invalidates: changedFamilies.connections,
})
