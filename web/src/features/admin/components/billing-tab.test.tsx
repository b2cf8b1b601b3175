import { makeAdminStats } from '@/test/admin-fixtures'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { AdminPage } from '@/features/admin/routes/admin-page'
import { makeBilling } from '@/test/billing-fixtures'
import { expectToast, mockApi, renderWithProviders, testUser } from '@/test/utils'

afterEach(() => vi.unstubAllGlobals())

const admin = { ...testUser, role: 'admin' as const }
const billing = makeBilling()
const agent = { ...testUser, id: 5, username: 'suresh', fullName: 'Suresh Reddy' }

function setup(extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /api/user': { body: admin },
    'GET /api/admin/stats': { body: makeAdminStats() },
    'GET /api/admin/users': { body: [agent] },
    'GET /api/admin/billing/plans': { body: billing.plans },
    'GET /api/admin/billing/packs': { body: billing.packs },
    'GET /api/admin/billing/invoices': {
      body: [
        {
          id: 3,
          number: 'PM/26-27/000003',
          issuedAt: '2026-11-21T10:00:00Z',
          description: 'Starter pack',
          taxablePaise: 211_864,
          cgstPaise: 19_068,
          sgstPaise: 19_068,
          igstPaise: 0,
          totalPaise: 250_000,
          userId: 5,
          sac: '998399',
          buyerName: 'Suresh Reddy',
          buyerEmail: '',
          buyerPhone: '',
          buyerState: 'Telangana',
          buyerGstin: '',
          supplierName: 'PropMatch',
          supplierAddress: '',
          supplierState: 'Telangana',
          supplierGstin: '',
          paymentRef: 'pay_1',
        },
      ],
    },
    ...extra,
  })
}

describe('the admin Billing tab', () => {
  it('edits the plans and packs and lists the invoices with the CSV export', async () => {
    const { calls } = setup({
      'PUT /api/admin/billing/plans': ({ body }) => ({ body: billing.plans.map((p, i) => ({ ...p, ...(body as object[])[i] })) }),
      'PUT /api/admin/billing/packs': { body: billing.packs },
    })
    const user = userEvent.setup()
    renderWithProviders(<AdminPage />)
    await user.click(await screen.findByRole('tab', { name: 'Billing' }))
    const plans = await screen.findByTestId('billing-plans-editor')
    const professional = within(plans).getAllByTestId('plan-fields')[1]!
    const listings = within(professional).getByLabelText('Active listings')
    await user.clear(listings)
    await user.type(listings, '60')
    await user.click(within(plans).getByRole('button', { name: 'Save plans' }))
    await expectToast('Plans saved')
    const sent = calls.find((c) => c.method === 'PUT' && c.path === '/api/admin/billing/plans')!.body as { limits: object }[]
    expect(sent[1]!.limits).toEqual({ listings: 60, requirements: 50 })

    const packs = screen.getByTestId('billing-packs-editor')
    await user.click(within(packs).getByRole('button', { name: 'Add pack' }))
    const rows = within(packs).getAllByTestId('pack-fields')
    await user.type(within(rows[2]!).getByLabelText('Name'), 'Big pack')
    await user.type(within(rows[2]!).getByLabelText('Amount (₹)'), '25000')
    await user.click(within(packs).getByRole('button', { name: 'Save packs' }))
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT' && c.path === '/api/admin/billing/packs')).toBe(true))
    expect(calls.find((c) => c.path === '/api/admin/billing/packs' && c.method === 'PUT')!.body).toEqual([
      { id: 1, name: 'Starter pack', amountPaise: 250_000, active: true },
      { id: 2, name: 'Growth pack', amountPaise: 1_000_000, active: true },
      { name: 'Big pack', amountPaise: 2_500_000, active: true },
    ])

    expect(await screen.findByTestId('admin-invoice')).toHaveTextContent('PM/26-27/000003 · Suresh Reddy')
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', '/api/admin/billing/invoices?format=csv')
  })

  it('shows a pack field error where the server puts it', async () => {
    setup({
      'PUT /api/admin/billing/packs': {
        status: 400,
        body: { message: 'Check the packs', errors: [{ path: '[0].amountPaise', message: 'Too small' }] },
      },
    })
    const user = userEvent.setup()
    renderWithProviders(<AdminPage />)
    await user.click(await screen.findByRole('tab', { name: 'Billing' }))
    const packs = await screen.findByTestId('billing-packs-editor')
    await user.click(within(packs).getByRole('button', { name: 'Save packs' }))
    expect(await within(within(packs).getAllByTestId('pack-fields')[0]!).findByText('Too small')).toBeInTheDocument()
  })

  it('adjusts an agent credits and sets their plan from the Users tab', async () => {
    const { calls } = setup({
      'POST /api/admin/users/5/credits': { body: { balancePaise: 5000, leads: 1 } },
      'PUT /api/admin/users/5/plan': { body: { ...billing.plan, id: 'enterprise', name: 'Enterprise' } },
    })
    const user = userEvent.setup()
    renderWithProviders(<AdminPage />)
    await user.click(await screen.findByRole('tab', { name: 'Users' }))
    await user.click(await screen.findByRole('button', { name: 'Billing of Suresh Reddy' }))
    const dialog = await screen.findByTestId('user-billing-dialog')
    const credits = within(dialog).getByRole('form', { name: 'Adjust credits' })
    await user.type(within(credits).getByLabelText('Amount (₹)'), '-24950')
    await user.click(within(credits).getByRole('button', { name: 'Adjust credits' }))
    expect(await within(credits).findByText('Say why, for the audit log')).toBeInTheDocument()
    await user.type(within(credits).getByLabelText('Reason'), 'Journey test')
    await user.click(within(credits).getByRole('button', { name: 'Adjust credits' }))
    await expectToast('Credits adjusted', 'Suresh Reddy now has ₹50 (1 lead).')
    expect(calls.find((c) => c.path === '/api/admin/users/5/credits')!.body).toEqual({ amountPaise: -2_495_000, reason: 'Journey test' })

    const plan = within(dialog).getByRole('form', { name: 'Set plan' })
    await user.selectOptions(within(plan).getByLabelText('Plan'), 'enterprise')
    await user.type(within(plan).getByLabelText('Active listings'), '300')
    await user.click(within(plan).getByRole('button', { name: 'Set plan' }))
    await waitFor(() => expect(calls.some((c) => c.path === '/api/admin/users/5/plan')).toBe(true))
    expect(calls.find((c) => c.path === '/api/admin/users/5/plan')!.body).toEqual({
      plan: 'enterprise',
      months: 1,
      limits: { listings: 300 },
    })
  })

  it('has no Billing tab or button when billing is off', async () => {
    setup({ 'GET /api/admin/billing/plans': { status: 404, body: { message: 'No such API endpoint' } } })
    const user = userEvent.setup()
    renderWithProviders(<AdminPage />)
    await user.click(await screen.findByRole('tab', { name: 'Users' }))
    await screen.findByText('Suresh Reddy')
    expect(screen.queryByRole('tab', { name: 'Billing' })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Billing of Suresh Reddy' })).not.toBeInTheDocument()
  })
})
