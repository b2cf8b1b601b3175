import { api, unwrap } from '@/lib/api-client'
import { apiMutation } from '@/lib/api-mutation'
import type { PropertyInput } from '@/lib/api-schemas'
import { isPropertyDependentKey } from '@/features/properties/api/invalidate-property-data'

/** POST /api/properties: lists a property; matching runs on the server. */
export const createProperty = apiMutation({
  mutationFn: (body: PropertyInput) => unwrap(api.POST('/api/properties', { body })),
  invalidates: isPropertyDependentKey,
})

/** PUT /api/properties/{id}: replaces one of the caller's listings; its matches are recomputed. */
export const updateProperty = apiMutation({
  mutationFn: ({ id, body }: { id: number; body: PropertyInput }) =>
    unwrap(api.PUT('/api/properties/{id}', { params: { path: { id } }, body })),
  invalidates: isPropertyDependentKey,
})

/** DELETE /api/properties/{id}: deletes a listing and its matches. */
export const deleteProperty = apiMutation({
  mutationFn: (id: number) => unwrap(api.DELETE('/api/properties/{id}', { params: { path: { id } } })),
  invalidates: isPropertyDependentKey,
})
