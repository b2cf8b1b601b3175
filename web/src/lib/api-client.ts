import type { QueryFunction, QueryKey } from '@tanstack/react-query'
import type { components } from '@/lib/api-types'

export type FieldError = components['schemas']['FieldError']

/** Error thrown for every non-2xx response: message, numeric status and, for 400s, field errors. */
export class ApiError extends Error {
  readonly status: number
  readonly errors?: FieldError[]

  constructor(message: string, status: number, errors?: FieldError[]) {
    super(message)
    this.name = 'ApiError'
    this.status = status
    this.errors = errors
  }
}

/** Adds a leading slash when missing, so "api/user" and "/api/user" are the same call. */
export function normalizePath(path: string) {
  return path.startsWith('/') ? path : `/${path}`
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
  if (text) {
    try {
      const body: unknown = JSON.parse(text)
      if (body && typeof body === 'object') {
        const obj = body as { message?: unknown; errors?: unknown }
        if (typeof obj.message === 'string' && obj.message) message = obj.message
        if (Array.isArray(obj.errors)) errors = obj.errors as FieldError[]
      }
    } catch {
      // not JSON: the text itself is the message
    }
    if (!message) message = text.trim()
  }
  if (!message) message = res.statusText || `Request failed with status ${res.status}`
  return new ApiError(message, res.status, errors)
}

async function readBody<T>(res: Response): Promise<T> {
  if (res.status === 204) return undefined as T
  const text = await res.text()
  if (!text) return undefined as T
  const type = res.headers.get('content-type') ?? ''
  if (type.includes('json')) return JSON.parse(text) as T
  try {
    return JSON.parse(text) as T
  } catch {
    return text as T
  }
}

/**
 * Sends a request to the same origin with credentials. A body is sent as JSON;
 * without one the content type is text/plain. Throws ApiError on failure and
 * returns the parsed JSON (or text) otherwise.
 */
export async function apiRequest<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
  const hasBody = body !== undefined
  const res = await fetch(normalizePath(path), {
    method,
    credentials: 'include',
    headers: {
      'Content-Type': hasBody ? 'application/json' : 'text/plain',
      Accept: 'application/json',
    },
    body: hasBody ? JSON.stringify(body) : undefined,
  })
  if (!res.ok) throw await errorFromResponse(res)
  return readBody<T>(res)
}

/**
 * Turns a query key into a URL. The first element is the path; further string or
 * number elements are appended as encoded path segments, except when the second
 * element is an object: its non-null entries become query parameters.
 */
export function urlFromQueryKey(queryKey: QueryKey) {
  const [head, ...rest] = queryKey
  let path = normalizePath(String(head))
  const params = new URLSearchParams()
  rest.forEach((part, index) => {
    if (part === null || part === undefined) return
    if (typeof part === 'object') {
      if (index !== 0) return
      for (const [key, value] of Object.entries(part as Record<string, unknown>)) {
        if (value === null || value === undefined) continue
        params.append(key, String(value))
      }
      return
    }
    path += `/${encodeURIComponent(String(part))}`
  })
  const query = params.toString()
  return query ? `${path}?${query}` : path
}

export type UnauthorizedBehavior = 'returnNull' | 'throw'

/** Query function for reads: GET with JSON accept; optionally turns a 401 into null. */
export function getQueryFn<T>(options: { on401: UnauthorizedBehavior }): QueryFunction<T> {
  return async ({ queryKey, signal }) => {
    const res = await fetch(urlFromQueryKey(queryKey), {
      method: 'GET',
      credentials: 'include',
      headers: { Accept: 'application/json' },
      signal,
    })
    if (res.status === 401 && options.on401 === 'returnNull') return null as T
    if (!res.ok) throw await errorFromResponse(res)
    return readBody<T>(res)
  }
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
 * GET of one page of a list endpoint: the JSON array and the `Link` rel="next"
 * URL. Same-origin with credentials; throws ApiError on failure.
 */
export async function fetchPage<T>(path: string, { signal }: { signal?: AbortSignal } = {}): Promise<Page<T>> {
  const res = await fetch(normalizePath(path), {
    method: 'GET',
    credentials: 'include',
    headers: { Accept: 'application/json' },
    signal,
  })
  if (!res.ok) throw await errorFromResponse(res)
  const body = await readBody<T[] | undefined>(res)
  return { items: Array.isArray(body) ? body : [], next: nextLink(res.headers.get('Link')) }
}

/**
 * Query function for `useInfiniteQuery`: the first page comes from the query key
 * (see urlFromQueryKey), each further page from the previous page's `Link`.
 */
export function getPageQueryFn<T>(): QueryFunction<Page<T>, QueryKey, string | null> {
  return ({ queryKey, pageParam, signal }) => fetchPage<T>(pageParam ?? urlFromQueryKey(queryKey), { signal })
}
