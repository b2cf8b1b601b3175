import type { ApiError } from '@/lib/api-client'

/** A save failure's text: the server message, else its field errors as "path: message", else the fallback. */
export function saveErrorMessage(error: Pick<ApiError, 'message' | 'errors'> | null | undefined, fallback: string) {
  if (error?.message?.trim()) return error.message
  if (error?.errors?.length) return error.errors.map((e) => `${e.path}: ${e.message}`).join(', ')
  return fallback
}
