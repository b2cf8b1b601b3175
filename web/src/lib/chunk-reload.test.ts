import { afterEach, describe, expect, it, vi } from 'vitest'
import { CHUNK_RELOAD_GUARD_MS, CHUNK_RELOAD_KEY, isChunkLoadError, reloadOnceForChunk, reloadPage } from '@/lib/chunk-reload'

afterEach(() => sessionStorage.clear())

describe('isChunkLoadError', () => {
  it.each([
    ['Failed to fetch dynamically imported module: http://x/assets/messages-page-abc.js', true],
    ['error loading dynamically imported module: http://x/a.js', true],
    ['Importing a module script failed.', true],
    ['Unable to preload CSS for /assets/index.css', true],
    ["Cannot read properties of undefined (reading 'map')", false],
  ])('%s → %s', (message, expected) => expect(isChunkLoadError(new Error(message))).toBe(expected))

  it('is false for non-errors', () => expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false))
})

describe('reloadOnceForChunk', () => {
  it('reloads once, then not again within the guard time, then again after it', () => {
    const reload = vi.fn()
    expect(reloadOnceForChunk({ now: 1_000, reload })).toBe(true)
    expect(sessionStorage.getItem(CHUNK_RELOAD_KEY)).toBe('1000')
    expect(reloadOnceForChunk({ now: 1_000 + CHUNK_RELOAD_GUARD_MS - 1, reload })).toBe(false)
    expect(reload).toHaveBeenCalledTimes(1)
    expect(reloadOnceForChunk({ now: 1_000 + CHUNK_RELOAD_GUARD_MS, reload })).toBe(true)
    expect(reload).toHaveBeenCalledTimes(2)
  })

  it('does not reload when storage cannot record it (a loop could not be told apart)', () => {
    const reload = vi.fn()
    const storage = {
      getItem: () => null,
      setItem: () => {
        throw new Error('quota')
      },
    } as unknown as Storage
    expect(reloadOnceForChunk({ storage, reload })).toBe(false)
    expect(reload).not.toHaveBeenCalled()
  })

  it('the Reload button clears the guard so a later failure may retry by itself again', () => {
    const reload = vi.fn()
    sessionStorage.setItem(CHUNK_RELOAD_KEY, String(Date.now()))
    reloadPage({ reload })
    expect(reload).toHaveBeenCalledOnce()
    expect(sessionStorage.getItem(CHUNK_RELOAD_KEY)).toBeNull()
  })
})
