import { errorFromResponse, type PageInit } from '@/lib/api-client'

type Query = Record<string, string | number | undefined>

type CallOptions = PageInit & { query?: Query; body?: unknown }

function queryString(query: Query | undefined) {
  const params = new URLSearchParams()
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== '') params.set(name, String(value))
  }
  return params.toString()
}

/**
 * One call to an endpoint whose paths are not in the generated OpenAPI types yet (training, issue 13),
 * made the way `api` makes its calls: same origin, credentials, JSON, failures thrown as ApiError.
 * The answer's type is the caller's. A later page sends the `Link` query as written (see pageInit).
 * Replace with `api` once docs/openapi.yaml describes the paths.
 */
export async function untypedCall<T>(method: string, path: string, options: CallOptions = {}): Promise<{ data: T; response: Response }> {
  const { query, body, signal, querySerializer } = options
  const search = querySerializer ? querySerializer() : queryString(query)
  const url = new URL(search ? `${path}?${search}` : path, globalThis.location?.origin ?? 'http://localhost')
  const headers: Record<string, string> = { Accept: 'application/json' }
  if (body !== undefined) headers['Content-Type'] = 'application/json'
  const response = await globalThis.fetch(
    new Request(url, {
      method,
      credentials: 'include',
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    }),
  )
  if (!response.ok) throw await errorFromResponse(response)
  const text = await response.text()
  return { data: (text ? JSON.parse(text) : undefined) as T, response }
}

/** The answer only. */
export async function untypedData<T>(method: string, path: string, options: CallOptions = {}) {
  return (await untypedCall<T>(method, path, options)).data
}
