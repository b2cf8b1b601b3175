import * as React from 'react'
import { ArrowUpCircle } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import type { ApiError } from '@/lib/api-client'
import { onApiError } from '@/lib/api-errors'
import { paths } from '@/app/paths'

/** True for the refusal of a create or re-activation over the plan's limit (402 plan_limit). */
export function isPlanLimit(error: Pick<ApiError, 'status' | 'code'>) {
  return error.status === 402 && error.code === 'plan_limit'
}

/**
 * The one answer to a create or re-activation refused by the plan's limit, whichever form made it
 * (mounted once in the signed-in shell): the server's message, which names the limit and the upgrade,
 * and a way to the Billing page.
 */
export function PlanLimitDialog() {
  const [message, setMessage] = React.useState<string | null>(null)
  React.useEffect(
    () =>
      onApiError((error) => {
        if (!isPlanLimit(error)) return false
        setMessage(error.message)
        return true
      }),
    [],
  )
  return (
    <Dialog open={message !== null} onOpenChange={(open) => !open && setMessage(null)}>
      <DialogContent className="sm:max-w-md" data-testid="plan-limit-dialog">
        <DialogHeader>
          <DialogTitle>Plan limit reached</DialogTitle>
          <DialogDescription>{message}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={() => setMessage(null)}>
            Not now
          </Button>
          {/* A document load: the Billing page's own Content-Security-Policy allows Razorpay's Checkout. */}
          <Button asChild>
            <a href={paths.billing.to()}>
              <ArrowUpCircle /> See plans
            </a>
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
