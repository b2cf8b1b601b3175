import { api, unwrap } from '@/lib/api-client'
import { apiMutation } from '@/lib/api-mutation'
import { billingKeys } from '@/shared/billing'

/** POST /api/billing/verify: the Checkout callback's three values; the server grants the credits or plan once. */
export const verifyPayment = apiMutation({
  mutationFn: (body: { razorpay_order_id: string; razorpay_payment_id: string; razorpay_signature: string }) =>
    unwrap(api.POST('/api/billing/verify', { body })),
  invalidates: [billingKeys.all[0], '/api/dashboard/stats'],
})
