/**
 * A chunk that fails to load (a flaky mobile network, or a deploy while a tab is open) is
 * retried once by reloading the page (docs/product.md#errors-and-start-up). The time of that
 * reload is kept in sessionStorage: a second chunk failure within CHUNK_RELOAD_GUARD_MS shows
 * the Reload button instead of reloading again, so a chunk that is really gone cannot loop.
 */
export const CHUNK_RELOAD_KEY = 'propmatch:chunk-reload-at'
export const CHUNK_RELOAD_GUARD_MS = 60_000

/** The page-level actions, in one object so tests can replace them (jsdom cannot reload). */
export const browserPage = {
  reload: () => window.location.reload(),
  assign: (path: string) => window.location.assign(path),
}

const chunkErrorPatterns = [
  /Failed to fetch dynamically imported module/i, // Chromium
  /error loading dynamically imported module/i, // Firefox
  /Importing a module script failed/i, // Safari
  /Unable to preload CSS/i, // Vite's CSS preload
  /ChunkLoadError|Loading chunk \S+ failed/i,
]

/** True when the error is a failed load of a lazily imported script (not a bug in the page). */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false
  return error.name === 'ChunkLoadError' || chunkErrorPatterns.some((pattern) => pattern.test(error.message))
}

function readReloadAt(storage: Storage): number | null {
  try {
    const value = Number(storage.getItem(CHUNK_RELOAD_KEY))
    return Number.isFinite(value) && value > 0 ? value : null
  } catch {
    return null
  }
}

/**
 * Reloads the page once for a failed chunk. Returns true when a reload was started, false when
 * one already happened within the guard time (the caller then offers the Reload button).
 */
export function reloadOnceForChunk({
  storage = window.sessionStorage,
  now = Date.now(),
  reload = browserPage.reload,
}: { storage?: Storage; now?: number; reload?: () => void } = {}): boolean {
  const last = readReloadAt(storage)
  if (last !== null && now - last < CHUNK_RELOAD_GUARD_MS) return false
  try {
    storage.setItem(CHUNK_RELOAD_KEY, String(now))
  } catch {
    return false // without storage a reload could not be told from a loop
  }
  reload()
  return true
}

/** The Reload button: a deliberate reload, allowed one automatic retry again afterwards. */
export function reloadPage({ storage = window.sessionStorage, reload = browserPage.reload } = {}) {
  try {
    storage.removeItem(CHUNK_RELOAD_KEY)
  } catch {
    // nothing to clear
  }
  reload()
}
