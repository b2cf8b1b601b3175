import { z } from 'zod'
import { api, unwrap } from '@/lib/api-client'
import { apiMutation } from '@/lib/api-mutation'
import type { components } from '@/lib/api-types'

export type ShareLinkCreated = components['schemas']['ShareLinkCreated']

/** The rules of a share link (docs/product.md#share-links): 1 to 20 listings, 1 to 90 days (7 by default). */
export const SHARE_MAX_LISTINGS = 20
export const SHARE_DEFAULT_DAYS = 7
export const SHARE_MAX_DAYS = 90
export const SHARE_MAX_NOTE = 500

/** The share dialog's form: days as typed, an optional note to the client. */
export const shareFormSchema = z.object({
  days: z.string().refine((v) => {
    const n = Number(v.trim())
    return /^\d+$/.test(v.trim()) && n >= 1 && n <= SHARE_MAX_DAYS
  }, `Enter a number of days from 1 to ${SHARE_MAX_DAYS}`),
  note: z.string().max(SHARE_MAX_NOTE, `Keep the note to ${SHARE_MAX_NOTE} characters`),
})
export type ShareFormValues = z.infer<typeof shareFormSchema>
export const shareFormDefaults: ShareFormValues = { days: String(SHARE_DEFAULT_DAYS), note: '' }

/** The POST body of the form's values for propertyIds. */
export function shareBody(propertyIds: number[], values: ShareFormValues) {
  const note = values.note.trim()
  return { propertyIds, expiresInDays: Number(values.days.trim()), ...(note ? { note } : {}) }
}

/** POST /api/share-links: the link's address is in the answer, shown this once. */
export const createShareLink = apiMutation({
  mutationFn: (body: ReturnType<typeof shareBody>) => unwrap(api.POST('/api/share-links', { body })),
  invalidates: ['/api/share-links'],
})

/** A wa.me address that opens WhatsApp with the link (and the note, when there is one) ready to send. */
export function whatsAppShareUrl(url: string, note = '') {
  const text = note.trim() ? `${note.trim()}\n${url}` : `Properties for you: ${url}`
  return `https://wa.me/?text=${encodeURIComponent(text)}`
}
