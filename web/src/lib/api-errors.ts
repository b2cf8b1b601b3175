import type { ApiError } from '@/lib/api-client'

/** Answers a refused write for the whole app; true when it took the error (the write's own toast is then left out). */
export type ApiErrorHandler = (error: ApiError) => boolean

const handlers = new Set<ApiErrorHandler>()

/**
 * Registers an app-wide answer to some refused writes (the plan-limit dialog answers every 402
 * plan_limit, whichever form made the write). Returns the unregister function.
 */
export function onApiError(handler: ApiErrorHandler) {
  handlers.add(handler)
  return () => {
    handlers.delete(handler)
  }
}

/** Offers a refused write to the app-wide handlers; true when one of them took it. */
export function handleApiError(error: ApiError) {
  for (const handler of handlers) if (handler(error)) return true
  return false
}
