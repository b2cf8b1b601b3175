import { api } from '@/lib/api-client'
import { apiMutation } from '@/lib/api-mutation'

/** The file name the server gave a download (Content-Disposition), or fallback. */
export function attachmentName(header: string | null, fallback: string) {
  const match = header?.match(/filename="([^"]+)"/)
  return match ? match[1] : fallback
}

/** GET /api/user/export: everything PropMatch holds about the agent, as one JSON file (at most 3 an hour). */
export const downloadMyData = apiMutation({
  mutationFn: async () => {
    const { data, response } = await api.GET('/api/user/export', { parseAs: 'blob' })
    const name = attachmentName(response.headers.get('Content-Disposition'), 'propmatch-my-data.json')
    const url = URL.createObjectURL(data as Blob)
    const link = document.createElement('a')
    link.href = url
    link.download = name
    document.body.append(link)
    link.click()
    link.remove()
    setTimeout(() => URL.revokeObjectURL(url), 60_000)
    return name
  },
})
