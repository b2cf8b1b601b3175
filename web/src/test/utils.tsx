import * as React from 'react'
import { render, screen, within } from '@testing-library/react'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router'
import { vi } from 'vitest'
import { AppProviders } from '@/app/providers'
import type { User } from '@/lib/api-schemas'
import { createQueryClient } from '@/lib/query-client'

export const testUser: User = {
  id: 1,
  username: 'ravi',
  fullName: 'Ravi Kumar',
  email: 'ravi@example.com',
  phone: '+919876543210',
  role: 'agent',
  agentType: 'both',
  reraNumber: null,
  isReraVerified: false,
  isPhoneVerified: true,
  state: 'Telangana',
  city: 'Hyderabad',
  profilePicture: null,
  bio: null,
  isActive: true,
  emailVerified: true,
  createdAt: '2025-01-01T00:00:00Z',
  updatedAt: '2025-01-01T00:00:00Z',
}

type Reply = { status?: number; body?: unknown; text?: string; statusText?: string; headers?: Record<string, string> }
type Handler = (req: { url: URL; method: string; body: unknown; request: Request }) => Reply | Promise<Reply>

/** One request the app made: method, path with query, the JSON body (if any) and the request itself. */
export type RecordedCall = { method: string; path: string; body: unknown; request: Request }

/**
 * Replaces fetch with a router of "METHOD /path" handlers. Unhandled calls
 * answer 404. Returns the list of calls made.
 */
export function mockApi(handlers: Record<string, Handler | Reply>) {
  const calls: RecordedCall[] = []
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(new URL(String(input), 'http://localhost'), init)
    const url = new URL(request.url)
    const method = request.method.toUpperCase()
    const sent = await request.clone().text()
    let body: unknown = undefined
    try {
      body = sent ? JSON.parse(sent) : undefined
    } catch {
      body = sent // a multipart form: the test reads request.formData()
    }
    calls.push({ method, path: url.pathname + url.search, body, request })
    let handler = handlers[`${method} ${url.pathname}`]
    // The app asks GET /api/session who is signed in; tests that describe the signed-in user
    // with a GET /api/user answer get that answer as the session (a 401 there is signed out).
    if (!handler && method === 'GET' && url.pathname === '/api/session') handler = sessionFromUser(handlers['GET /api/user'])
    const reply: Reply = handler
      ? typeof handler === 'function'
        ? await handler({ url, method, body, request })
        : handler
      : { status: 404, body: { message: 'Not found' } }
    const text = reply.text ?? (reply.body === undefined ? '' : JSON.stringify(reply.body))
    // A 204 or 304 answer has no body (the Response constructor refuses one).
    const status = reply.status ?? 200
    return new Response(status === 204 || status === 304 ? null : text, {
      status,
      statusText: reply.statusText,
      headers: { 'Content-Type': reply.text !== undefined ? 'text/plain' : 'application/json', ...reply.headers },
    })
  })
  vi.stubGlobal('fetch', fetchMock)
  return { calls, fetchMock }
}

/** The GET /api/session handler that answers what the GET /api/user handler says, as a session. */
function sessionFromUser(userHandler: Handler | Reply | undefined): Handler {
  return async (req) => {
    const reply = typeof userHandler === 'function' ? await userHandler(req) : (userHandler ?? { status: 401 })
    const status = reply.status ?? 200
    if (status === 401) return { body: { user: null } }
    if (status >= 400) return reply
    return { body: { user: reply.body ?? null } }
  }
}

function LocationProbe() {
  const location = useLocation()
  return <div data-testid="location">{location.pathname + location.search}</div>
}

/** Renders inside a memory router with fresh providers; `routes` defaults to the element at `path`. */
export function renderWithProviders(ui: React.ReactNode, { route = '/', path = '*' }: { route?: string; path?: string } = {}) {
  const queryClient = createQueryClient()
  const result = render(
    <MemoryRouter initialEntries={[route]}>
      <AppProviders queryClient={queryClient}>
        <Routes>
          <Route path={path} element={ui} />
          <Route path="/dashboard" element={<div>Dashboard page</div>} />
        </Routes>
        <LocationProbe />
      </AppProviders>
    </MemoryRouter>,
  )
  return { ...result, queryClient }
}

/** The visible toast's title and description. */
export async function findToast() {
  const toast = await screen.findByTestId('toast')
  return toast
}

export async function expectToast(title: string, description?: string) {
  const toast = await findToast()
  await within(toast).findByText(title)
  if (description !== undefined) within(toast).getByText(description)
  return toast
}

export function currentLocation() {
  return screen.getByTestId('location').textContent
}
