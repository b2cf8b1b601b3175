import createClient, { type Middleware } from 'openapi-fetch'
import type { components, paths } from '@/lib/api-types'

export type FieldError = components['schemas']['FieldError']

/**
 * Error thrown for every non-2xx response: message, numeric status, for 400s field errors, and the
 * machine-readable `code` when the server sends one (`plan_limit`, `no_credits`).
 */
export class ApiError extends Error {
  readonly status: number
  readonly errors?: FieldError[]
  readonly code?: string

  constructor(message: string, status: number, errors?: FieldError[], code?: string) {
    super(message)
    this.name = 'ApiError'
    this.status = status
    this.errors = errors
    this.code = code
  }
}

/**
 * Builds the error for a failed response: the JSON `message` field, else the
 * body text, else the status text (else a generic line with the status).
 */
export async function errorFromResponse(res: Response): Promise<ApiError> {
  let text = ''
  try {
    text = await res.text()
  } catch {
    text = ''
  }
  let message = ''
  let errors: FieldError[] | undefined
  let code: string | undefined
  if (text) {
    try {
      const body: unknown = JSON.parse(text)
      if (body && typeof body === 'object') {
        const obj = body as { message?: unknown; errors?: unknown; code?: unknown }
        if (typeof obj.message === 'string' && obj.message) message = obj.message
        if (Array.isArray(obj.errors)) errors = obj.errors as FieldError[]
        if (typeof obj.code === 'string' && obj.code) code = obj.code
      }
    } catch {
      // not JSON: the text itself is the message
    }
    if (!message) message = text.trim()
  }
  if (!message) message = res.statusText || `Request failed with status ${res.status}`
  return new ApiError(message, res.status, errors, code)
}

/** A save failure's text: the server message, else its field errors as "path: message", else the fallback. */
export function saveErrorMessage(error: Pick<ApiError, 'message' | 'errors'> | null | undefined, fallback: string) {
  if (error?.message?.trim()) return error.message
  if (error?.errors?.length) return error.errors.map((e) => `${e.path}: ${e.message}`).join(', ')
  return fallback
}

/** Turns every non-2xx answer into an ApiError, so callers only ever see data. */
const throwOnError: Middleware = {
  async onResponse({ response }) {
    if (!response.ok) throw await errorFromResponse(response)
    return undefined
  },
}

/**
 * The one fetch core: typed by the generated OpenAPI `paths`, so a call's path, parameters, body
 * and answer are checked by the compiler. Same origin, with credentials, JSON in and out; a failed
 * call rejects with ApiError.
 */
export const api = createClient<paths>({
  // Absolute, so requests also build outside a page (tests); in the browser this is the page's origin.
  baseUrl: globalThis.location?.origin ?? '',
  credentials: 'include',
  headers: { Accept: 'application/json' },
  // Looked up on every call, so a stand-in (tests) is honoured.
  fetch: (request) => globalThis.fetch(request),
})
api.use(throwOnError)

/** The answer of a call (failures have already thrown ApiError); undefined for an empty answer. */
export async function unwrap<T>(call: Promise<{ data?: T }>): Promise<T> {
  const { data } = await call
  return data as T
}

/**
 * The target of the `rel="next"` link in an RFC 8288 `Link` header, or null
 * when there is none (the last page). Relative targets are returned as sent.
 */
export function nextLink(header: string | null | undefined): string | null {
  if (!header) return null
  // Each link is `<target>` followed by `;`-separated parameters; targets never contain `>`.
  const linkPattern = /<([^>]*)>((?:\s*;\s*[^;,]+)*)/g
  for (const [, target, params] of header.matchAll(linkPattern)) {
    for (const param of (params ?? '').split(';')) {
      const [name, raw] = param.split('=').map((s) => s.trim())
      if (name?.toLowerCase() !== 'rel' || raw === undefined) continue
      const rels = raw.replace(/^"|"$/g, '').toLowerCase().split(/\s+/)
      if (rels.includes('next')) return target ?? null
    }
  }
  return null
}

/** One page of a list: its items and the URL of the next page (null on the last). */
export type Page<T> = { items: T[]; next: string | null }

/**
 * What a list call receives besides its own parameters: the abort signal and, for a later page,
 * a query serializer that sends the query of the previous page's `Link` exactly as the server wrote it.
 */
export type PageInit = { signal?: AbortSignal; querySerializer?: () => string }

/** The request options of the page after `next` (null for the first page). */
export function pageInit(next: string | null, signal?: AbortSignal): PageInit {
  if (!next) return { signal }
  const query = new URL(next, 'http://link.invalid').search.slice(1)
  return { signal, querySerializer: () => query }
}

/**
 * One page of a list endpoint: the JSON array and the `Link` rel="next" URL. The call is made by
 * `list` with the page's options (see pageInit); the path and parameters stay typed there.
 */
export async function fetchPage<T>(
  list: (init: PageInit) => Promise<{ data?: T[]; response: Response }>,
  next: string | null = null,
  signal?: AbortSignal,
): Promise<Page<T>> {
  const { data, response } = await list(pageInit(next, signal))
  return { items: Array.isArray(data) ? data : [], next: nextLink(response.headers.get('Link')) }
}
