import { api, unwrap } from '@/lib/api-client'
import { apiMutation } from '@/lib/api-mutation'

/** What is bought: a credit pack, or months of a plan (PaymentOrderInput with exactly one of them). */
export type OrderRequest = { pack: number } | { plan: string; months: number }

/** POST /api/billing/orders: the gateway order Checkout opens (nothing is granted until the payment is verified). */
export const createOrder = apiMutation({
  mutationFn: (body: OrderRequest) => unwrap(api.POST('/api/billing/orders', { body })),
})
