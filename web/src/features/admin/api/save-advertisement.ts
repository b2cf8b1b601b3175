import { api, unwrap } from '@/lib/api-client'
import { apiMutation } from '@/lib/api-mutation'
import type { components } from '@/lib/api-types'

export type AdvertisementInput = components['schemas']['AdvertisementInput']

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
