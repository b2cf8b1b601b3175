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
  createdAt: '2025-01-01T00:00:00Z',
  updatedAt: '2025-01-01T00:00:00Z',
}

type Reply = { status?: number; body?: unknown; text?: string; statusText?: string; headers?: Record<string, string> }
type Handler = (req: { url: URL; method: string; body: unknown; init: RequestInit }) => Reply | Promise<Reply>

export type RecordedCall = { method: string; path: string; body: unknown; init: RequestInit }

/**
 * Replaces fetch with a router of "METHOD /path" handlers. Unhandled calls
 * answer 404. Returns the list of calls made.
 */
export function mockApi(handlers: Record<string, Handler | Reply>) {
  const calls: RecordedCall[] = []
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost')
    const method = (init.method ?? 'GET').toUpperCase()
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined
    calls.push({ method, path: url.pathname + url.search, body, init })
    const handler = handlers[`${method} ${url.pathname}`]
    const reply: Reply = handler
      ? typeof handler === 'function'
        ? await handler({ url, method, body, init })
        : handler
      : { status: 404, body: { message: 'Not found' } }
    const text = reply.text ?? (reply.body === undefined ? '' : JSON.stringify(reply.body))
    return new Response(text, {
      status: reply.status ?? 200,
      statusText: reply.statusText,
      headers: { 'Content-Type': reply.text !== undefined ? 'text/plain' : 'application/json', ...reply.headers },
    })
  })
  vi.stubGlobal('fetch', fetchMock)
  return { calls, fetchMock }
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
