import { api, unwrap } from '@/lib/api-client'
import { apiMutation } from '@/lib/api-mutation'
import type { CheckoutSuccess } from '@/features/billing/lib/checkout'
import { billingKeys } from '@/shared/billing'

/** POST /api/billing/verify: the Checkout callback's three values; the server grants the credits or plan once. */
export const verifyPayment = apiMutation({
  mutationFn: (body: CheckoutSuccess) => unwrap(api.POST('/api/billing/verify', { body })),
  invalidates: [billingKeys.all[0], '/api/dashboard/stats'],
})
