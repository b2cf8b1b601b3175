import { useQuery } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api-client'
import type { EmailTestType } from '@/features/email-test/lib/email-types'

export const emailTestKeys = {
  preview: (type: EmailTestType) => ['/api/admin/email-preview', type] as const,
}

/** GET /api/admin/email-preview: the real templates rendered with sample data. */
export function useEmailPreview(type: EmailTestType) {
  return useQuery({
    queryKey: emailTestKeys.preview(type),
    queryFn: ({ signal }) => unwrap(api.GET('/api/admin/email-preview', { params: { query: { type } }, signal })),
  })
}

/** The address of the preview's HTML as its own document, for the sandboxed frame. */
export function previewFrameURL(type: EmailTestType) {
  return `/api/admin/email-preview/html?type=${encodeURIComponent(type)}`
}
