import { describe, expect, it, vi } from 'vitest'
import { cleanUpServiceWorkers } from '@/lib/startup'

describe('cleanUpServiceWorkers', () => {
  it('unregisters every service worker, deletes every cache and refuses later registrations', async () => {
    const unregister = vi.fn(async () => true)
    const container = {
      getRegistrations: vi.fn(async () => [{ unregister }, { unregister }]),
      register: vi.fn(),
    }
    const remove = vi.fn(async (_key: string) => true)
    const caches = { keys: vi.fn(async () => ['workbox-precache', 'images']), delete: remove } as unknown as CacheStorage
    await cleanUpServiceWorkers({ serviceWorker: container } as unknown as Navigator, caches)
    expect(unregister).toHaveBeenCalledTimes(2)
    expect(remove.mock.calls.map((c) => c[0])).toEqual(['workbox-precache', 'images'])
    await expect(container.register('/sw.js')).rejects.toThrow('Service workers are disabled')
  })

  it('does nothing where the browser has neither (no secure context)', async () => {
    await expect(cleanUpServiceWorkers({} as Navigator, undefined)).resolves.toBeUndefined()
  })
})
