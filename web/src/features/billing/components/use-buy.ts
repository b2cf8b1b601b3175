import * as React from 'react'
import { toast } from '@/components/ui/use-toast'
import { createOrder, type OrderRequest } from '@/features/billing/api/create-order'
import { verifyPayment } from '@/features/billing/api/verify-payment'
import { loadCheckout, openCheckout } from '@/features/billing/lib/checkout'
import { useApiMutation } from '@/lib/api-mutation'
import { formatPaise, leadsLabel } from '@/shared/billing'

/**
 * Buying a pack or plan months: the server creates the order, Checkout takes the payment, the server
 * verifies the callback's signature and grants; the billing queries refresh after. `pending` names
 * what is being bought (one purchase at a time).
 */
export function useBuy() {
  const [pending, setPending] = React.useState<string | null>(null)
  const order = useApiMutation(createOrder, { errorToast: 'Could not start the payment' })
  const verify = useApiMutation(verifyPayment, { errorToast: 'The payment could not be confirmed' })

  const buy = async (key: string, request: OrderRequest) => {
    if (pending) return
    setPending(key)
    try {
      const created = await order.mutateAsync(request)
      let Razorpay
      try {
        Razorpay = await loadCheckout(created.checkoutUrl)
      } catch (e) {
        toast({ variant: 'destructive', title: 'Could not open the payment window', description: (e as Error).message })
        return
      }
      const result = await openCheckout(Razorpay, created, (message) =>
        toast({ variant: 'destructive', title: 'Payment failed', description: message ?? 'No money was taken. Please try again.' }),
      )
      if (!result.paid) return
      const paid = await verify.mutateAsync(result.response)
      toast({
        variant: 'success',
        title: 'Payment received',
        description: `Thank you. Your balance is ${formatPaise(paid.credits.balancePaise)} (${leadsLabel(paid.credits.leads)}).`,
      })
    } catch {
      // The mutations have toasted already.
    } finally {
      setPending(null)
    }
  }
  return { buy, pending }
}
