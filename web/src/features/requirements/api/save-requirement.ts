import { api, unwrap } from '@/lib/api-client'
import { apiMutation } from '@/lib/api-mutation'
import type { RequirementInput } from '@/lib/api-schemas'
import { changedFamilies } from '@/lib/query-families'

/** POST /api/requirements: records a client requirement; answers the created requirement. */
export const createRequirement = apiMutation({
  mutationFn: (body: RequirementInput) => unwrap(api.POST('/api/requirements', { body })),
  invalidates: changedFamilies.requirements,
})

/** PATCH /api/requirements/{id}: edits one of the caller's requirements; answers the updated one. */
export const updateRequirement = apiMutation({
  mutationFn: ({ id, body }: { id: number; body: RequirementInput }) =>
    unwrap(api.PATCH('/api/requirements/{id}', { params: { path: { id } }, body })),
  invalidates: changedFamilies.requirements,
})

/** DELETE /api/requirements/{id}: deletes the requirement and its matches. */
export const deleteRequirement = apiMutation({
  mutationFn: (id: number) => unwrap(api.DELETE('/api/requirements/{id}', { params: { path: { id } } })),
  invalidates: changedFamilies.requirements,
})
