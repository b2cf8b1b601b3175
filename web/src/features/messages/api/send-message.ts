import { api, unwrap } from '@/lib/api-client'
import { apiMutation } from '@/lib/api-mutation'
import type { SendMessageRequest } from '@/lib/api-schemas'
import { changedFamilies } from '@/lib/query-families'

/** POST /api/messages: to a connected agent. */
export const sendMessage = apiMutation({
  mutationFn: (body: SendMessageRequest) => unwrap(api.POST('/api/messages', { body })),
  invalidates: changedFamilies.messages,
})

/** DELETE /api/messages/{id}: only its sender may delete a message. */
export const deleteMessage = apiMutation({
  mutationFn: (id: number) => unwrap(api.DELETE('/api/messages/{id}', { params: { path: { id } } })),
  invalidates: changedFamilies.messages,
})

/** PUT /api/messages/mark-read/{otherUserId}: marks every message from that user to the caller read; the unread count follows. */
export const markRead = apiMutation({
  mutationFn: (otherUserId: number) => unwrap(api.PUT('/api/messages/mark-read/{otherUserId}', { params: { path: { otherUserId } } })),
  invalidates: changedFamilies.messages,
})
