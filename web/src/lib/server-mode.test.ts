import { describe, expect, it, vi } from 'vitest'
import { fetchServerMode } from '@/lib/server-mode'

describe('fetchServerMode', () => {
  it.each([
    [404, 'production'],
    [200, 'development'],
    [403, 'development'],
  ])('HEAD /api/dev/outbox answering %i means %s', async (status, mode) => {
    const fetcher = vi.fn(async () => new Response(null, { status }))
    await expect(fetchServerMode(fetcher as unknown as typeof fetch)).resolves.toBe(mode)
    expect(fetcher).toHaveBeenCalledWith('/api/dev/outbox', { method: 'HEAD', credentials: 'same-origin' })
  })
})
