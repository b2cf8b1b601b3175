import { afterEach, describe, expect, it, vi } from 'vitest'
import {
  loadCheckout,
  openCheckout,
  resetCheckoutScripts,
  type CheckoutOrder,
  type RazorpayConstructor,
  type RazorpayOptions,
} from '@/features/billing/lib/checkout'

afterEach(() => {
  resetCheckoutScripts()
  document.head.querySelectorAll('script').forEach((s) => s.remove())
  delete window.Razorpay
})

const order: CheckoutOrder = {
  orderId: 'order_1',
  amountPaise: 250_000,
  currency: 'INR',
  keyId: 'rzp_test_x',
  checkoutUrl: '/dev/razorpay/checkout.js',
  name: 'PropMatch',
  description: 'Starter pack: 50 leads',
  prefill: { name: 'Ravi Kumar', email: 'ravi@example.com', contact: '+919876543210' },
}

/** A stand-in for Razorpay's constructor that records its options and listeners. */
function fakeRazorpay() {
  const made: { options: RazorpayOptions; listeners: Record<string, (r: unknown) => void>; opened: boolean }[] = []
  const ctor = vi.fn(function (this: unknown, options: RazorpayOptions) {
    const entry = { options, listeners: {} as Record<string, (r: unknown) => void>, opened: false }
    made.push(entry)
    return {
      open: () => {
        entry.opened = true
      },
      on: (event: string, cb: (r: unknown) => void) => {
        entry.listeners[event] = cb
      },
    }
  }) as unknown as RazorpayConstructor
  return { ctor, made }
}

describe('loadCheckout', () => {
  it('adds the script once and gives window.Razorpay when it loads', async () => {
    const first = loadCheckout('/dev/razorpay/checkout.js')
    const again = loadCheckout('/dev/razorpay/checkout.js')
    const scripts = document.head.querySelectorAll('script')
    expect(scripts).toHaveLength(1)
    expect(scripts[0]!.getAttribute('src')).toBe('/dev/razorpay/checkout.js')
    const { ctor } = fakeRazorpay()
    window.Razorpay = ctor
    scripts[0]!.dispatchEvent(new Event('load'))
    expect(await first).toBe(ctor)
    expect(again).toBe(first)
  })

  it('fails when the script cannot load, and tries again next time', async () => {
    const first = loadCheckout('https://checkout.razorpay.com/v1/checkout.js')
    document.head.querySelector('script')!.dispatchEvent(new Event('error'))
    await expect(first).rejects.toThrow('could not be loaded')
    void loadCheckout('https://checkout.razorpay.com/v1/checkout.js').catch(() => {})
    expect(document.head.querySelectorAll('script')).toHaveLength(2)
  })

  it('fails when the script loads without defining Razorpay', async () => {
    const p = loadCheckout('/other.js')
    document.head.querySelector('script')!.dispatchEvent(new Event('load'))
    await expect(p).rejects.toThrow('did not load')
  })
})

describe('openCheckout', () => {
  it('opens Checkout on the order and settles with the values to verify', async () => {
    const { ctor, made } = fakeRazorpay()
    const result = openCheckout(ctor, order)
    const [{ options, opened }] = made as [(typeof made)[number]]
    expect(opened).toBe(true)
    expect(options).toMatchObject({
      key: 'rzp_test_x',
      order_id: 'order_1',
      amount: 250_000,
      currency: 'INR',
      name: 'PropMatch',
      description: 'Starter pack: 50 leads',
      prefill: { name: 'Ravi Kumar', email: 'ravi@example.com', contact: '+919876543210' },
    })
    const paid = { razorpay_order_id: 'order_1', razorpay_payment_id: 'pay_1', razorpay_signature: 'abc' }
    options.handler(paid)
    expect(await result).toEqual({ paid: true, response: paid })
  })

  it('keeps Checkout open after a failed attempt, reporting it, until the agent pays or closes it', async () => {
    const { ctor, made } = fakeRazorpay()
    const failed = vi.fn()
    let settled = false
    const result = openCheckout(ctor, order, failed).then((r) => ((settled = true), r))
    const entry = made[0]!
    entry.listeners['payment.failed']!({ error: { description: 'Your payment has been cancelled.' } })
    await Promise.resolve()
    expect(failed).toHaveBeenCalledWith('Your payment has been cancelled.')
    expect(settled).toBe(false)
    entry.options.modal!.ondismiss!()
    expect(await result).toEqual({ paid: false })
  })
})
