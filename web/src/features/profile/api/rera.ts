import { useQuery } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api-client'
import { apiMutation } from '@/lib/api-mutation'
import type { components } from '@/lib/api-types'

export type ReraStanding = components['schemas']['ReraStanding']
export type ReraRegistration = components['schemas']['ReraRegistration']

export const reraKeys = {
  mine: () => ['/api/user/rera'] as const,
}

/** GET /api/user/rera: the badge, the latest submission (with an admin's reason) and the approved registration. */
export function useMyRera() {
  return useQuery({ queryKey: reraKeys.mine(), queryFn: ({ signal }) => unwrap(api.GET('/api/user/rera', { signal })) })
}

export type ReraSubmission = { number: string; state: string; validUntil: string; certificate: File }

/** POST /api/user/rera (multipart): the submission waits for an admin; '/api/user' refreshes the badge and the standing. */
export const submitRera = apiMutation({
  mutationFn: (s: ReraSubmission) => {
    const form = new FormData()
    form.set('number', s.number)
    form.set('state', s.state)
    form.set('validUntil', s.validUntil)
    form.set('certificate', s.certificate, s.certificate.name)
    // The form goes as multipart; the typed body is the document's, the browser writes the boundary.
    return unwrap(api.POST('/api/user/rera', { body: form as never, bodySerializer: (b: unknown) => b as FormData }))
  },
  invalidates: ['/api/user'],
})
