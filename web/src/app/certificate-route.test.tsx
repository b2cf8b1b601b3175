import { screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderRoute } from '@/test/render-app'
import { mockApi } from '@/test/utils'

afterEach(() => vi.unstubAllGlobals())

function renderAt(route: string) {
  return renderRoute(route)
}

describe('public certificate page', () => {
  it('confirms a genuine certificate with name, course, date and number, without asking for the session', async () => {
    const { calls } = mockApi({
      'GET /api/user': { status: 401, body: { message: 'Not signed in' } },
      'GET /api/public/certificates/PM-2026-7K3Q9X2A': {
        body: {
          number: 'PM-2026-7K3Q9X2A',
          agentName: 'Ravi Kumar',
          courseTitle: 'RERA Compliance',
          issuedAt: '2026-03-02T10:00:00Z',
          valid: true,
        },
      },
    })
    renderAt('/certificates/PM-2026-7K3Q9X2A')
    expect(await screen.findByRole('heading', { name: 'Certificate verified' })).toBeInTheDocument()
    expect(screen.getByTestId('verified-agent')).toHaveTextContent('Ravi Kumar')
    expect(screen.getByTestId('verified-course')).toHaveTextContent('RERA Compliance')
    expect(screen.getByTestId('verified-number')).toHaveTextContent('PM-2026-7K3Q9X2A')
    expect(screen.getByText('2 Mar 2026')).toBeInTheDocument()
    expect(calls.map((c) => c.path)).toEqual(['/api/public/certificates/PM-2026-7K3Q9X2A'])
  })

  it('says Certificate not found for an unknown number', async () => {
    mockApi({ 'GET /api/public/certificates/PM-NOPE': { status: 404, body: { message: 'Certificate not found' } } })
    renderAt('/certificates/PM-NOPE')
    expect(await screen.findByRole('heading', { name: 'Certificate not found' })).toBeInTheDocument()
    expect(screen.queryByText('Certificate verified')).not.toBeInTheDocument()
  })
})
