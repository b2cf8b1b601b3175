import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiError, apiRequest, errorFromResponse, getQueryFn, normalizePath, urlFromQueryKey } from '@/lib/api-client'
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
