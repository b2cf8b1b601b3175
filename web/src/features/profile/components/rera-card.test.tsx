import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ReraCard } from '@/features/profile/components/rera-card'
import { expectToast, mockApi, renderWithProviders, testUser } from '@/test/utils'

afterEach(() => vi.unstubAllGlobals())

const registration = {
  id: 12,
  number: 'A51700001835',
  state: 'Maharashtra',
  validUntil: '2029-03-31',
  status: 'approved',
  reason: '',
  submittedAt: '2026-11-20T10:15:00Z',
  reviewedAt: '2026-11-21T09:00:00Z',
  certificateUrl: '/api/rera/12/certificate',
  certificateType: 'application/pdf',
}

function setup(standing: unknown, extra: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({
    'GET /api/user': { body: testUser },
    'GET /api/user/rera': () => ({ body: standing }),
    'GET /api/states': { body: ['Karnataka', 'Maharashtra', 'Telangana'] },
    ...extra,
  })
  renderWithProviders(<ReraCard />)
  return { ...api, events: userEvent.setup({ applyAccept: false }) }
}

describe('ReraCard', () => {
  it('shows the badge with its validity', async () => {
    setup({ isReraVerified: true, reraValidUntil: '2029-03-31', latest: registration, approved: registration })
    expect(await screen.findByText('RERA verified · valid until 31 Mar 2029')).toBeInTheDocument()
    expect(screen.getByText('A51700001835 · Maharashtra')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Renew or change registration' })).toBeInTheDocument()
  })

  it("shows a rejection's reason and lets the agent submit again", async () => {
    const rejected = { ...registration, status: 'rejected', reason: 'The certificate is blurred' }
    const { events } = setup({ isReraVerified: false, reraValidUntil: null, latest: rejected, approved: null })
    expect(await screen.findByText('Reason: The certificate is blurred')).toBeInTheDocument()
    await events.click(screen.getByRole('button', { name: 'Submit again' }))
    expect(screen.getByLabelText('Registration number')).toHaveValue('A51700001835')
  })

  it('checks the form and submits it as multipart', async () => {
    let standing: unknown = { isReraVerified: false, reraValidUntil: null, latest: null, approved: null }
    const { calls, events } = setup(undefined, {
      'GET /api/user/rera': () => ({ body: standing }),
      'POST /api/user/rera': () => {
        standing = { isReraVerified: false, reraValidUntil: null, latest: { ...registration, status: 'pending' }, approved: null }
        return { status: 201, body: standing }
      },
    })
    const submit = await screen.findByRole('button', { name: 'Submit for verification' })
    await events.click(submit)
    expect(await screen.findByText('Enter your RERA registration number')).toBeInTheDocument()
    expect(screen.getByText('Choose the state authority that registered you')).toBeInTheDocument()
    expect(screen.getAllByText('Attach your RERA registration certificate').length).toBeGreaterThan(0)
    expect(calls.some((c) => c.method === 'POST')).toBe(false)

    await events.type(screen.getByLabelText('Registration number'), 'A51700001835')
    await events.selectOptions(screen.getByLabelText('State authority'), 'Maharashtra')
    await events.type(screen.getByLabelText('Valid until'), '2029-03-31')
    await events.upload(screen.getByLabelText('Certificate'), new File(['%PDF-1.4 test'], 'rera.pdf', { type: 'application/pdf' }))
    await events.click(submit)
    await expectToast('RERA registration submitted', 'An admin will check it shortly.')
    const post = calls.find((c) => c.method === 'POST')!
    expect(post.request.headers.get('Content-Type')).toMatch(/^multipart\/form-data/)
    const form = await post.request.formData()
    expect(form.get('number')).toBe('A51700001835')
    expect(form.get('state')).toBe('Maharashtra')
    expect(form.get('validUntil')).toBe('2029-03-31')
    expect(form.has('certificate')).toBe(true)
    expect(await screen.findByText(/is waiting for an admin to check it/)).toBeInTheDocument()
  })

  it('refuses a certificate over 5 MB before sending', async () => {
    const { calls, events } = setup({ isReraVerified: false, reraValidUntil: null, latest: null, approved: null })
    await events.type(await screen.findByLabelText('Registration number'), 'A51700001835')
    await events.selectOptions(screen.getByLabelText('State authority'), 'Maharashtra')
    await events.type(screen.getByLabelText('Valid until'), '2029-03-31')
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.pdf', { type: 'application/pdf' })
    await events.upload(screen.getByLabelText('Certificate'), big)
    await events.click(screen.getByRole('button', { name: 'Submit for verification' }))
    expect(await screen.findByText('The certificate must be at most 5 MB')).toBeInTheDocument()
    expect(calls.some((c) => c.method === 'POST')).toBe(false)
  })
})
