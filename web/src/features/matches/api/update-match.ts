import { api, unwrap } from '@/lib/api-client'
import { apiMutation } from '@/lib/api-mutation'
import type { UpdateMatchNotesRequest, UpdateMatchStatusRequest } from '@/lib/api-schemas'
import { changedFamilies } from '@/lib/query-families'

/** PUT /api/matches/{id}/status: sets the lead status, optionally marking it viewed by a side. */
export const updateMatchStatus = apiMutation({
  mutationFn: ({ id, body }: { id: number; body: UpdateMatchStatusRequest }) =>
    unwrap(api.PUT('/api/matches/{id}/status', { params: { path: { id } }, body })),
  invalidates: changedFamilies.matches,
})

/** PUT /api/matches/{id}/notes: saves the lead notes (at most 500 characters). */
export const updateMatchNotes = apiMutation({
  mutationFn: ({ id, body }: { id: number; body: UpdateMatchNotesRequest }) =>
    unwrap(api.PUT('/api/matches/{id}/notes', { params: { path: { id } }, body })),
  invalidates: changedFamilies.matches,
})

/** PUT /api/matches/{id}/share-client: shows the client's full name to the match's seller agent (buyer agent only). */
export const shareMatchClient = apiMutation({
  mutationFn: (id: number) => unwrap(api.PUT('/api/matches/{id}/share-client', { params: { path: { id } } })),
  invalidates: changedFamilies.matches,
})

/**
 * POST /api/messages with matchId: a message to the match's other agent, allowed without a
 * connection; the server then marks the sender's side contacted if it was new or viewed.
 */
export const sendMatchMessage = apiMutation({
  mutationFn: (body: { receiverId: number; content: string; matchId: number }) => unwrap(api.POST('/api/messages', { body })),
  invalidates: changedFamilies.matchMessages,
})
