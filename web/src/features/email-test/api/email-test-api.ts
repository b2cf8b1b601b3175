import { useQuery } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api-client'
import { apiMutation } from '@/lib/api-mutation'
import type { components } from '@/lib/api-types'

export type EmailTestType = components['schemas']['EmailTestType']

export const emailTypes: { value: EmailTestType; label: string; description: string }[] = [
  { value: 'match', label: 'New matches', description: 'The digest of new matches an agent gets.' },
  { value: 'message', label: 'Messages', description: 'The digest of unread messages.' },
  { value: 'connection', label: 'Connection', description: 'A connection request or answer.' },
  { value: 'test', label: 'Test', description: 'A short test email, sent to your own address.' },
]

/** GET /api/admin/email-preview: the real templates rendered with sample data. */
export function useEmailPreview(type: EmailTestType) {
  return useQuery({
    queryKey: ['/api/admin/email-preview', type],
    queryFn: ({ signal }) => unwrap(api.GET('/api/admin/email-preview', { params: { query: { type } }, signal })),
  })
}

/** The address of the preview's HTML as its own document, for the sandboxed frame. */
export function previewFrameURL(type: EmailTestType) {
  return `/api/admin/email-preview/html?type=${encodeURIComponent(type)}`
}

/** POST /api/test-email: sends the sample through the real mail path. */
export const sendTestEmail = apiMutation({
  mutationFn: (body: { type: EmailTestType; testEmail?: string }) => unwrap(api.POST('/api/test-email', { body })),
})
