import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { resetCheckoutScripts, type RazorpayOptions } from '@/features/billing/lib/checkout'
import { BillingPage } from '@/features/billing/routes/billing-page'
import { makeBilling } from '@/test/billing-fixtures'
import { expectToast, mockApi, renderWithProviders, testUser } from '@/test/utils'

afterEach(() => {
  vi.unstubAllGlobals()
  resetCheckoutScripts()
  document.head.querySelectorAll('script').forEach((s) => s.remove())
  delete window.Razorpay
})

const ledger = [
  {
    id: 2,
    kind: 'lead',
    amountPaise: -5000,
    balanceAfterPaise: 2_495_000,
    matchId: 7,
    paymentId: null,
    note: 'Suresh Reddy',
    createdAt: '2026-11-20T10:00:00Z',
  },
  {
    id: 1,
    kind: 'grant',
    amountPaise: 2_500_000,
    balanceAfterPaise: 2_500_000,
    matchId: null,
    paymentId: null,
    note: 'Welcome credits',
    createdAt: '2026-11-01T10:00:00Z',
  },
]

const invoice = {
  id: 12,
  number: 'PM/26-27/000123',
  issuedAt: '2026-11-21T10:00:00Z',
  totalPaise: 250_000,
  taxablePaise: 211_864,
  cgstPaise: 19_068,
  sgstPaise: 19_068,
  igstPaise: 0,
  description: 'Starter pack: 50 leads',
}

describe('BillingPage', () => {
  it('shows the plan with usage against its limits, the credits, what is on offer, the ledger and the invoices', async () => {
    mockApi({
      'GET /api/user': { body: testUser },
      'GET /api/billing': { body: makeBilling() },
      'GET /api/billing/ledger': { body: ledger, headers: { Link: '</api/billing/ledger?cursor=1>; rel="next"' } },
      'GET /api/billing/invoices': { body: [invoice] },
    })
    renderWithProviders(<BillingPage />)
    const plan = await screen.findByTestId('billing-plan')
    expect(plan).toHaveTextContent('Starter')
    expect(plan).toHaveTextContent('Paid until 28 Dec 2026')
    expect(within(plan).getByRole('progressbar', { name: 'Active listings: 3 of 10' })).toHaveAttribute('value', '30')
    expect(within(plan).getByRole('progressbar', { name: 'Active requirements: 10 of 10' })).toHaveAttribute('value', '100')
    const credits = screen.getByTestId('billing-credits')
    expect(credits).toHaveTextContent('₹25,000')
    expect(credits).toHaveTextContent('500 leads at ₹50 a lead')
    expect(credits).toHaveTextContent('₹200') // spent this month
    expect(screen.getAllByTestId('billing-pack').map((p) => p.textContent)).toEqual([
      expect.stringContaining('₹2,500'),
      expect.stringContaining('₹10,000'),
    ])
    const offers = screen.getAllByTestId('billing-plan-offer')
    expect(offers[0]).toHaveTextContent('Current plan')
    expect(within(offers[1]!).getByRole('button', { name: 'Upgrade · ₹500' })).toBeEnabled()
    expect(offers[2]).toHaveTextContent('Custom')
    expect(within(offers[2]!).queryByRole('button')).not.toBeInTheDocument()
    const entries = await screen.findAllByTestId('ledger-entry')
    expect(entries[0]).toHaveTextContent('Lead')
    expect(entries[0]).toHaveTextContent('−₹50')
    expect(entries[1]).toHaveTextContent('+₹25,000')
    expect(screen.getByTestId('load-more')).toBeInTheDocument()
    const inv = await screen.findByTestId('invoice')
    expect(inv).toHaveTextContent('PM/26-27/000123')
    expect(inv).toHaveTextContent('CGST ₹190.68 · SGST ₹190.68')
    expect(within(inv).getByRole('link', { name: 'Download invoice PM/26-27/000123 (PDF)' })).toHaveAttribute(
      'href',
      '/api/billing/invoices/12/pdf',
    )
  })

  it('buys a pack: the server order, Checkout on it, then the server verifies and the balance refreshes', async () => {
    let balance = 0
    const { calls } = mockApi({
      'GET /api/user': { body: testUser },
      'GET /api/billing': () => ({ body: makeBilling({ credits: { balancePaise: balance, leads: balance / 5000 } }) }),
      'GET /api/billing/ledger': { body: [] },
      'GET /api/billing/invoices': { body: [] },
      'POST /api/billing/orders': {
        status: 201,
        body: {
          orderId: 'order_9',
          amountPaise: 250_000,
          currency: 'INR',
          keyId: 'rzp_test_k',
          checkoutUrl: '/dev/razorpay/checkout.js',
          name: 'PropMatch',
          description: 'Starter pack',
          prefill: { name: 'Ravi Kumar', email: 'ravi@example.com', contact: '+919876543210' },
        },
      },
      'POST /api/billing/verify': () => {
        balance = 250_000
        return {
          body: { status: 'paid', credits: { balancePaise: 250_000, leads: 50, leadPricePaise: 5000, expiresAt: null }, invoiceId: 3 },
        }
      },
    })
    const user = userEvent.setup()
    renderWithProviders(<BillingPage />)
    await user.click(await screen.findByRole('button', { name: 'Buy Starter pack for ₹2,500' }))

    // The page loads the script the order names, then opens Checkout with the order.
    let options: RazorpayOptions | undefined
    const script = await waitFor(() => {
      const s = document.head.querySelector<HTMLScriptElement>('script[src="/dev/razorpay/checkout.js"]')
      expect(s).not.toBeNull()
      return s!
    })
    window.Razorpay = vi.fn(function (this: unknown, o: RazorpayOptions) {
      options = o
      return { open: () => {}, on: () => {} }
    }) as unknown as typeof window.Razorpay
    script.dispatchEvent(new Event('load'))
    await waitFor(() => expect(options).toBeDefined())
    expect(calls.find((c) => c.path === '/api/billing/orders')?.body).toEqual({ pack: 1 })
    expect(options).toMatchObject({ key: 'rzp_test_k', order_id: 'order_9', amount: 250_000, currency: 'INR', name: 'PropMatch' })
    // While Checkout is open no second purchase starts.
    expect(screen.getByRole('button', { name: 'Buy Growth pack for ₹10,000' })).toBeDisabled()

    options!.handler({ razorpay_order_id: 'order_9', razorpay_payment_id: 'pay_1', razorpay_signature: 'sig' })
    await expectToast('Payment received', 'Thank you. Your balance is ₹2,500 (50 leads).')
    expect(calls.find((c) => c.path === '/api/billing/verify')?.body).toEqual({
      razorpay_order_id: 'order_9',
      razorpay_payment_id: 'pay_1',
      razorpay_signature: 'sig',
    })
    await waitFor(() => expect(screen.getByTestId('billing-credits')).toHaveTextContent('₹2,500'))
    expect(screen.getByRole('button', { name: 'Buy Growth pack for ₹10,000' })).toBeEnabled()
  })

  it('buys months of a plan', async () => {
    const { calls } = mockApi({
      'GET /api/user': { body: testUser },
      'GET /api/billing': { body: makeBilling() },
      'GET /api/billing/ledger': { body: [] },
      'GET /api/billing/invoices': { body: [] },
      'POST /api/billing/orders': { status: 400, body: { code: 'invalid', message: 'Payments are not available right now' } },
    })
    const user = userEvent.setup()
    renderWithProviders(<BillingPage />)
    const professional = (await screen.findAllByTestId('billing-plan-offer'))[1]!
    await user.selectOptions(within(professional).getByRole('combobox', { name: 'Months of Professional' }), '3')
    await user.click(within(professional).getByRole('button', { name: 'Upgrade · ₹1,500' }))
    await expectToast('Could not start the payment', 'Payments are not available right now')
    expect(calls.find((c) => c.path === '/api/billing/orders')?.body).toEqual({ plan: 'professional', months: 3 })
  })

  it('says billing is not used when the server has it off', async () => {
    mockApi({ 'GET /api/user': { body: testUser }, 'GET /api/billing': { status: 404, body: { message: 'Not found' } } })
    renderWithProviders(<BillingPage />)
    expect(await screen.findByText(/Billing is not used on this PropMatch installation/)).toBeInTheDocument()
    expect(screen.queryByTestId('billing-credits')).not.toBeInTheDocument()
  })
})
