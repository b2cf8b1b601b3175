import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiError, apiRequest, errorFromResponse, fetchPage, getPageQueryFn, getQueryFn, nextLink, normalizePath, urlFromQueryKey } from '@/lib/api-client'
import { mockApi } from '@/test/utils'

function runQuery<T>(fn: ReturnType<typeof getQueryFn<T>>, queryKey: readonly unknown[]) {
  // The query function only reads queryKey and signal.
  return fn({ queryKey, signal: new AbortController().signal } as never)
}

afterEach(() => vi.unstubAllGlobals())

describe('errorFromResponse', () => {
  it('uses the JSON message field and carries status and field errors', async () => {
    const err = await errorFromResponse(
      new Response(JSON.stringify({ message: 'Invalid input', errors: [{ path: 'phone', message: 'Required' }] }), {
        status: 400,
        statusText: 'Bad Request',
      }),
    )
    expect(err).toBeInstanceOf(ApiError)
    expect(err.message).toBe('Invalid input')
    expect(err.status).toBe(400)
    expect(err.errors).toEqual([{ path: 'phone', message: 'Required' }])
  })

  it('falls back to the body text when there is no JSON message', async () => {
    const err = await errorFromResponse(new Response('upstream exploded', { status: 502, statusText: 'Bad Gateway' }))
    expect(err.message).toBe('upstream exploded')
    expect(err.status).toBe(502)
  })

  it('falls back to the body text when JSON has no message field', async () => {
    const err = await errorFromResponse(new Response('{"error":"x"}', { status: 500, statusText: 'Internal Server Error' }))
    expect(err.message).toBe('{"error":"x"}')
  })

  it('falls back to the status text for an empty body', async () => {
    const err = await errorFromResponse(new Response('', { status: 503, statusText: 'Service Unavailable' }))
    expect(err.message).toBe('Service Unavailable')
    expect(err.status).toBe(503)
    expect(err.errors).toBeUndefined()
  })
})

describe('apiRequest', () => {
  it('sends JSON with credentials to a normalised path and returns the parsed body', async () => {
    const { calls } = mockApi({ 'POST /api/login': { body: { id: 7 } } })
    const data = await apiRequest<{ id: number }>('POST', 'api/login', { username: 'a', password: 'b' })
    expect(data).toEqual({ id: 7 })
    expect(calls[0]!.path).toBe('/api/login')
    expect(calls[0]!.init.credentials).toBe('include')
    expect((calls[0]!.init.headers as Record<string, string>)['Content-Type']).toBe('application/json')
    expect(calls[0]!.body).toEqual({ username: 'a', password: 'b' })
  })

  it('uses text/plain and no body when there is no payload', async () => {
    const { calls } = mockApi({ 'POST /api/logout': { body: { message: 'ok' } } })
    await apiRequest('POST', '/api/logout')
    expect((calls[0]!.init.headers as Record<string, string>)['Content-Type']).toBe('text/plain')
    expect(calls[0]!.init.body).toBeUndefined()
  })

  it('throws an ApiError with status and message on failure', async () => {
    mockApi({ 'POST /api/login': { status: 401, body: { message: 'Invalid username or password' } } })
    await expect(apiRequest('POST', '/api/login', {})).rejects.toMatchObject({
      name: 'ApiError',
      status: 401,
      message: 'Invalid username or password',
    })
  })
})

describe('normalizePath and urlFromQueryKey', () => {
  it('adds a leading slash when missing', () => {
    expect(normalizePath('api/user')).toBe('/api/user')
    expect(normalizePath('/api/user')).toBe('/api/user')
  })

  it('turns the non-null entries of an object second element into query params', () => {
    expect(urlFromQueryKey(['/api/properties', { agentId: 5, city: null, type: undefined, q: 'a b' }])).toBe(
      '/api/properties?agentId=5&q=a+b',
    )
  })

  it('appends string elements as encoded path segments', () => {
    expect(urlFromQueryKey(['/api/cities', 'Tamil Nadu'])).toBe('/api/cities/Tamil%20Nadu')
    expect(urlFromQueryKey(['api/states'])).toBe('/api/states')
  })
})

describe('getQueryFn', () => {
  it('reads with GET, JSON accept and credentials, using query params from the key', async () => {
    const { calls } = mockApi({ 'GET /api/properties': { body: [{ id: 1 }] } })
    const data = await runQuery(getQueryFn<unknown[]>({ on401: 'throw' }), ['/api/properties', { agentId: 3 }])
    expect(data).toEqual([{ id: 1 }])
    expect(calls[0]!.path).toBe('/api/properties?agentId=3')
    expect(calls[0]!.method).toBe('GET')
    expect(calls[0]!.init.credentials).toBe('include')
    expect((calls[0]!.init.headers as Record<string, string>).Accept).toBe('application/json')
  })

  it('turns a 401 into null when configured to', async () => {
    mockApi({ 'GET /api/user': { status: 401, body: { message: 'Not signed in' } } })
    await expect(runQuery(getQueryFn({ on401: 'returnNull' }), ['/api/user'])).resolves.toBeNull()
  })

  it('treats a 401 as an error by default', async () => {
    mockApi({ 'GET /api/user': { status: 401, body: { message: 'Not signed in' } } })
    await expect(runQuery(getQueryFn({ on401: 'throw' }), ['/api/user'])).rejects.toMatchObject({
      status: 401,
      message: 'Not signed in',
    })
  })

  it('still throws other errors when 401 is turned into null', async () => {
    mockApi({ 'GET /api/user': { status: 500, text: '', statusText: 'Internal Server Error' } })
    await expect(runQuery(getQueryFn({ on401: 'returnNull' }), ['/api/user'])).rejects.toMatchObject({
      status: 500,
      message: 'Internal Server Error',
    })
  })
})

describe('nextLink', () => {
  it('reads the rel="next" target of a Link header', () => {
    expect(nextLink('</api/properties?cursor=41&limit=2>; rel="next"')).toBe('/api/properties?cursor=41&limit=2')
    expect(nextLink('<https://x.test/a?cursor=1>; rel=next')).toBe('https://x.test/a?cursor=1')
    expect(nextLink('</p?page=1>; rel="prev", </p?page=3>; title="more"; rel="next last"')).toBe('/p?page=3')
    expect(nextLink('</p?page=1>; REL="Next"')).toBe('/p?page=1')
  })

  it('is null without a next link', () => {
    expect(nextLink(null)).toBeNull()
    expect(nextLink('')).toBeNull()
    expect(nextLink('</p?page=1>; rel="prev"')).toBeNull()
    expect(nextLink('</p?page=1>; rel="nextpage"')).toBeNull()
  })
})

describe('fetchPage and getPageQueryFn', () => {
  it('returns the items and the next page from the Link header', async () => {
    const { calls } = mockApi({
      'GET /api/matches': ({ url }) =>
        url.searchParams.get('cursor')
          ? { body: [{ id: 1 }] }
          : { body: [{ id: 3 }, { id: 2 }], headers: { Link: '</api/matches?cursor=2&type=buyer>; rel="next"' } },
    })
    const first = await fetchPage<{ id: number }>('api/matches?type=buyer')
    expect(first).toEqual({ items: [{ id: 3 }, { id: 2 }], next: '/api/matches?cursor=2&type=buyer' })
    expect(calls[0]!.init.credentials).toBe('include')
    await expect(fetchPage(first.next!)).resolves.toEqual({ items: [{ id: 1 }], next: null })
    expect(calls.map((c) => c.path)).toEqual(['/api/matches?type=buyer', '/api/matches?cursor=2&type=buyer'])
  })

  it('asks for the first page from the key and later pages from the page param', async () => {
    const { calls } = mockApi({ 'GET /api/properties': { body: [] } })
    const fn = getPageQueryFn<unknown>()
    const ctx = (pageParam: string | null) => ({ queryKey: ['/api/properties', { q: 'villa' }], pageParam, signal: new AbortController().signal }) as never
    await fn(ctx(null))
    await fn(ctx('/api/properties?cursor=9'))
    expect(calls.map((c) => c.path)).toEqual(['/api/properties?q=villa', '/api/properties?cursor=9'])
  })

  it('throws an ApiError on failure', async () => {
    mockApi({ 'GET /api/properties': { status: 400, body: { message: 'Invalid cursor' } } })
    await expect(fetchPage('/api/properties?cursor=x')).rejects.toMatchObject({ name: 'ApiError', status: 400, message: 'Invalid cursor' })
  })
})
