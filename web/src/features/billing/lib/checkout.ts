import type { components } from '@/lib/api-types'

/**
 * Razorpay Checkout in the browser (docs/product.md#billing): the server creates the order and
 * names the Checkout script (Razorpay's, or the local fake gateway's in development and tests);
 * the page loads that script once, opens Checkout on the order, and hands the three values of the
 * callback back to the server, which alone decides that a payment is paid.
 */

/** What Checkout's handler receives on a successful payment: the server verifies the signature. */
export type CheckoutSuccess = components['schemas']['CheckoutResult']

/** What POST /api/billing/orders answers and Checkout needs. */
export type CheckoutOrder = components['schemas']['PaymentOrder']

/** The options of `new Razorpay(options)` that PropMatch uses (Razorpay's Standard Checkout). */
export type RazorpayOptions = {
  key: string
  order_id: string
  amount: number
  currency: string
  name: string
  description: string
  prefill?: { name?: string; email?: string; contact?: string }
  handler: (response: CheckoutSuccess) => void
  modal?: { ondismiss?: () => void }
}

type RazorpayInstance = { open: () => void; on?: (event: string, callback: (response: unknown) => void) => void }
export type RazorpayConstructor = new (options: RazorpayOptions) => RazorpayInstance

declare global {
  interface Window {
    Razorpay?: RazorpayConstructor
  }
}

const loading = new Map<string, Promise<RazorpayConstructor>>()

/** Loads the Checkout script at `url` once (later calls share it) and gives `window.Razorpay`. */
export function loadCheckout(url: string, doc: Document = document): Promise<RazorpayConstructor> {
  const known = loading.get(url)
  if (known) return known
  const promise = new Promise<RazorpayConstructor>((resolve, reject) => {
    const script = doc.createElement('script')
    script.src = url
    script.async = true
    script.onload = () => {
      const ctor = doc.defaultView?.Razorpay
      if (ctor) resolve(ctor)
      else reject(new Error('The payment window did not load. Please try again.'))
    }
    script.onerror = () => reject(new Error('The payment window could not be loaded. Check your connection and try again.'))
    doc.head.appendChild(script)
  })
  // A failed load may be retried.
  promise.catch(() => loading.delete(url))
  loading.set(url, promise)
  return promise
}

/** The result of one Checkout: paid (with the values to verify), or closed without paying. */
export type CheckoutResult = { paid: true; response: CheckoutSuccess } | { paid: false }

/**
 * Opens Checkout on the order and settles when the agent pays or closes it. A failed attempt leaves
 * Checkout open for another try (as Razorpay does) and is reported through `onFailed`.
 */
export function openCheckout(
  Razorpay: RazorpayConstructor,
  order: CheckoutOrder,
  onFailed?: (message: string | undefined) => void,
): Promise<CheckoutResult> {
  return new Promise((resolve) => {
    const checkout = new Razorpay({
      key: order.keyId,
      order_id: order.orderId,
      amount: order.amountPaise,
      currency: order.currency,
      name: order.name,
      description: order.description,
      prefill: order.prefill,
      handler: (response) => resolve({ paid: true, response }),
      modal: { ondismiss: () => resolve({ paid: false }) },
    })
    checkout.on?.('payment.failed', (response) => {
      const message = (response as { error?: { description?: unknown } } | undefined)?.error?.description
      onFailed?.(typeof message === 'string' ? message : undefined)
    })
    checkout.open()
  })
}

/** Forgets the loaded scripts (tests). */
export function resetCheckoutScripts() {
  loading.clear()
}
