import { screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderRoute } from '@/test/render-app'
import { mockApi, testUser } from '@/test/utils'

afterEach(() => vi.unstubAllGlobals())

function renderApp(route: string) {
  mockApi({
    'GET /api/user': { body: testUser },
    'GET /api/requirements': { body: [] },
    'GET /api/matches': { body: [] },
    'GET /api/states': { body: [] },
    'HEAD /api/dev/outbox': { status: 200 }, // development mode
  })
  return renderRoute(route)
}

describe('requirement and match routes', () => {
  it('/requirements is the real page', async () => {
    renderApp('/requirements')
    expect(await screen.findByRole('heading', { name: 'My Client Requirements' })).toBeInTheDocument()
    expect(await screen.findByText(/^No requirements yet/)).toBeInTheDocument()
  })

  it('/test-requirements hosts the form', async () => {
    renderApp('/test-requirements')
    expect(await screen.findByTestId('requirement-form')).toBeInTheDocument()
  })

  it('/matches shows both tabs', async () => {
    renderApp('/matches')
    expect(await screen.findByRole('tab', { name: /As Buyer Agent/ })).toBeInTheDocument()
    expect(screen.getByRole('tab', { name: /As Seller Agent/ })).toBeInTheDocument()
  })
})
