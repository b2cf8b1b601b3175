import { afterEach, describe, expect, it, vi } from 'vitest'
import { ApiError, api, errorFromResponse, fetchPage, nextLink, saveErrorMessage, unwrap, type PageInit } from '@/lib/api-client'
import { getUser } from '@/lib/auth'
import { mockApi } from '@/test/utils'

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

describe('api (the typed fetch core)', () => {
  it('sends JSON with credentials and returns the parsed body', async () => {
    const { calls } = mockApi({ 'POST /api/login': { body: { id: 7 } } })
    const data = await unwrap(api.POST('/api/login', { body: { username: 'a', password: 'b' } }))
    expect(data).toEqual({ id: 7 })
    expect(calls[0]!.path).toBe('/api/login')
    expect(calls[0]!.request.credentials).toBe('include')
    expect(calls[0]!.request.headers.get('Content-Type')).toBe('application/json')
    expect(calls[0]!.request.headers.get('Accept')).toBe('application/json')
    expect(calls[0]!.body).toEqual({ username: 'a', password: 'b' })
  })

  it('sends no body and no content type when there is no payload', async () => {
    const { calls } = mockApi({ 'POST /api/logout': { body: { message: 'ok' } } })
    await api.POST('/api/logout')
    expect(calls[0]!.request.headers.get('Content-Type')).toBeNull()
    expect(calls[0]!.body).toBeUndefined()
  })

  it('puts path parameters encoded in the path and query parameters in order, skipping empty ones', async () => {
    const { calls } = mockApi({ 'GET /api/cities/Tamil%20Nadu': { body: [] }, 'GET /api/connections': { body: [] } })
    await api.GET('/api/cities/{state}', { params: { path: { state: 'Tamil Nadu' } } })
    await api.GET('/api/connections', { params: { query: { status: 'pending', direction: undefined, limit: 5 } } })
    expect(calls.map((c) => c.path)).toEqual(['/api/cities/Tamil%20Nadu', '/api/connections?status=pending&limit=5'])
  })

  it('throws an ApiError with status, message and field errors on failure', async () => {
    mockApi({ 'POST /api/login': { status: 401, body: { message: 'Invalid username or password' } } })
    await expect(api.POST('/api/login', { body: { username: 'a', password: 'b' } })).rejects.toMatchObject({
      name: 'ApiError',
      status: 401,
      message: 'Invalid username or password',
    })
    mockApi({
      'POST /api/properties': { status: 400, body: { message: 'Invalid input', errors: [{ path: 'price', message: 'too low' }] } },
    })
    const error = await api.POST('/api/properties', { body: {} as never }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).errors).toEqual([{ path: 'price', message: 'too low' }])
  })

  it('uses the status text when a failure has no body', async () => {
    mockApi({ 'GET /api/states': { status: 500, text: '', statusText: 'Internal Server Error' } })
    await expect(api.GET('/api/states')).rejects.toMatchObject({ status: 500, message: 'Internal Server Error' })
  })
})

describe('getUser', () => {
  it('turns a 401 into null (signed out)', async () => {
    mockApi({ 'GET /api/user': { status: 401, body: { message: 'Not signed in' } } })
    await expect(getUser()).resolves.toBeNull()
  })

  it('still throws other errors', async () => {
    mockApi({ 'GET /api/user': { status: 500, text: '', statusText: 'Internal Server Error' } })
    await expect(getUser()).rejects.toMatchObject({ status: 500, message: 'Internal Server Error' })
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

describe('fetchPage', () => {
  const listMatches = (init: PageInit) => api.GET('/api/matches', { params: { query: { type: 'buyer' } }, ...init })

  it('returns the items and the next page from the Link header, then follows that link', async () => {
    const { calls } = mockApi({
      'GET /api/matches': ({ url }) =>
        url.searchParams.get('cursor')
          ? { body: [{ id: 1 }] }
          : { body: [{ id: 3 }, { id: 2 }], headers: { Link: '</api/matches?cursor=2&type=buyer>; rel="next"' } },
    })
    const first = await fetchPage(listMatches)
    expect(first).toEqual({ items: [{ id: 3 }, { id: 2 }], next: '/api/matches?cursor=2&type=buyer' })
    expect(calls[0]!.request.credentials).toBe('include')
    await expect(fetchPage(listMatches, first.next)).resolves.toEqual({ items: [{ id: 1 }], next: null })
    expect(calls.map((c) => c.path)).toEqual(['/api/matches?type=buyer', '/api/matches?cursor=2&type=buyer'])
  })

  it('sends the query of the link exactly as the server wrote it', async () => {
    const { calls } = mockApi({ 'GET /api/properties': { body: [] } })
    const list = (init: PageInit) => api.GET('/api/properties', { params: { query: { limit: 2 } }, ...init })
    await fetchPage(list, '/api/properties?cursor=9&limit=2&q=a+b')
    expect(calls.map((c) => c.path)).toEqual(['/api/properties?cursor=9&limit=2&q=a+b'])
  })

  it('throws an ApiError on failure', async () => {
    mockApi({ 'GET /api/matches': { status: 400, body: { message: 'Invalid cursor' } } })
    await expect(fetchPage(listMatches, '/api/matches?cursor=x')).rejects.toMatchObject({
      name: 'ApiError',
      status: 400,
      message: 'Invalid cursor',
    })
  })
})

describe('saveErrorMessage', () => {
  it('prefers the message, then the field errors, then the fallback', () => {
    expect(saveErrorMessage(new ApiError('Server says no', 400), 'Failed')).toBe('Server says no')
    expect(saveErrorMessage(new ApiError('', 400, [{ path: 'price', message: 'must not be negative' }]), 'Failed')).toBe(
      'price: must not be negative',
    )
    expect(saveErrorMessage(new ApiError(' ', 500), 'Failed')).toBe('Failed')
  })
})

describe('the compiler checks each call against the OpenAPI paths', () => {
  it('refuses unknown paths, wrong bodies and missing path parameters', () => {
    // Never called: these only have to fail type-checking (npm run typecheck).
    const calls = [
      // @ts-expect-error an unknown path
      () => api.GET('/api/nope'),
      // @ts-expect-error a body of the wrong shape
      () => api.POST('/api/login', { body: { username: 1 } }),
      // @ts-expect-error the path parameter is missing
      () => api.DELETE('/api/messages/{id}', {}),
      // @ts-expect-error a query parameter the endpoint does not take
      () => api.GET('/api/matches', { params: { query: { colour: 'red' } } }),
    ]
    expect(calls).toHaveLength(4)
  })
})
