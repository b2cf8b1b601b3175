import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ReraTab } from '@/features/admin/components/rera-tab'
import { expectToast, mockApi, renderWithProviders, testUser } from '@/test/utils'

afterEach(() => vi.unstubAllGlobals())

const item = {
  id: 12,
  number: 'A51700001835',
  state: 'Maharashtra',
  validUntil: '2029-03-31',
  status: 'pending',
  reason: '',
  submittedAt: '2026-11-20T10:15:00Z',
  reviewedAt: null,
  certificateUrl: '/api/rera/12/certificate',
  certificateType: 'application/pdf',
  agentId: 7,
  agentName: 'Asha Patil',
  username: 'asha',
  searchUrl: 'https://maharera.maharashtra.gov.in/',
}

function setup() {
  let queue = [item]
  const api = mockApi({
    'GET /api/user': { body: { ...testUser, role: 'admin' } },
    'GET /api/admin/rera': () => ({ body: queue }),
    'POST /api/admin/rera/12/approve': () => {
      queue = []
      return { body: { ...item, status: 'approved' } }
    },
    'POST /api/admin/rera/12/reject': ({ body }) => {
      queue = []
      return { body: { ...item, status: 'rejected', reason: (body as { reason: string }).reason } }
    },
  })
  renderWithProviders(<ReraTab />)
  return { ...api, events: userEvent.setup() }
}

describe('ReraTab', () => {
  it('lists the queue with the certificate and the state search page', async () => {
    setup()
    const row = await screen.findByTestId('rera-item')
    expect(within(row).getByText('Asha Patil')).toBeInTheDocument()
    expect(within(row).getByText('A51700001835')).toBeInTheDocument()
    expect(within(row).getByText('31 Mar 2029')).toBeInTheDocument()
    expect(within(row).getByRole('link', { name: 'Certificate' })).toHaveAttribute('href', '/api/rera/12/certificate')
    expect(within(row).getByRole('link', { name: 'Maharashtra RERA search' })).toHaveAttribute(
      'href',
      'https://maharera.maharashtra.gov.in/',
    )
  })

  it('approves', async () => {
    const { calls, events } = setup()
    await events.click(await screen.findByRole('button', { name: 'Approve' }))
    await expectToast('Registration approved', 'Asha Patil now has the RERA badge.')
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/admin/rera/12/approve')).toBe(true)
    expect(await screen.findByText('No RERA registrations are waiting for review.')).toBeInTheDocument()
  })

  it('rejects only with a reason', async () => {
    const { calls, events } = setup()
    await events.click(await screen.findByRole('button', { name: 'Reject' }))
    const dialog = await screen.findByRole('dialog')
    await events.click(within(dialog).getByRole('button', { name: 'Reject' }))
    expect(await within(dialog).findByText('Say why the registration is rejected: the agent sees it')).toBeInTheDocument()
    expect(calls.some((c) => c.path.endsWith('/reject'))).toBe(false)
    await events.type(within(dialog).getByLabelText('Reason'), 'The certificate is blurred')
    await events.click(within(dialog).getByRole('button', { name: 'Reject' }))
    await expectToast('Registration rejected')
    expect(calls.find((c) => c.path.endsWith('/reject'))!.body).toEqual({ reason: 'The certificate is blurred' })
  })
})
