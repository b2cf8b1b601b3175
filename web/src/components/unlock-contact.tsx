import { Loader2, LockOpen } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { toast } from '@/components/ui/use-toast'
import { useApiMutation } from '@/lib/api-mutation'
import { cn } from '@/lib/utils'
import { formatPaise, isNoCredits, leadsLabel, NO_CREDITS_TEXT, unlockLabel, unlockMatch, useBilling } from '@/shared/billing'
import { contactHiddenText } from '@/shared/contact'
import { paths } from '@/app/paths'

type UnlockContactProps = { matchId: number; agentName?: string | null; className?: string; compact?: boolean }

/**
 * "Unlock contact · 1 lead (₹50)" for a match whose other agent's contact is locked (billing on, not
 * connected, not unlocked yet), with the caller's balance. Unlocking charges one lead the first time;
 * the match then shows the contact as before. Without credits the server's refusal shows here, with a
 * link to Billing.
 */
export function UnlockContact({ matchId, agentName, className, compact }: UnlockContactProps) {
  const { data: billing } = useBilling()
  const unlock = useApiMutation(unlockMatch, {
    successToast: (answer) => ({
      variant: 'success',
      title: 'Contact unlocked',
      description: answer.charged
        ? `1 lead charged. Balance ${formatPaise(answer.balancePaise)} (${leadsLabel(answer.leads)}).`
        : 'Already unlocked: no charge.',
    }),
    // Without credits the answer shows in place, with the link to Billing; other failures toast.
    onError: (error) => {
      if (!isNoCredits(error)) toast({ variant: 'destructive', title: 'Could not unlock the contact', description: error.message })
    },
  })
  const noCredits = isNoCredits(unlock.error) || billing?.credits.leads === 0
  const price = billing?.credits.leadPricePaise
  return (
    <div
      role="note"
      data-testid="unlock-contact"
      className={cn('grid gap-2 text-subtle-foreground', compact ? 'text-xs' : 'rounded-md bg-muted p-3 text-sm', className)}
    >
      <p>{contactHiddenText(agentName, 'locked')}.</p>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Button
          type="button"
          size="sm"
          onClick={() => unlock.mutate(matchId)}
          disabled={unlock.isPending || !billing}
          data-testid="unlock-contact-button"
        >
          {unlock.isPending ? <Loader2 className="animate-spin" /> : <LockOpen />}
          {price !== undefined ? unlockLabel(price) : 'Unlock contact'}
        </Button>
        {billing && (
          <span className="text-xs text-muted-foreground" data-testid="unlock-balance">
            Balance {formatPaise(billing.credits.balancePaise)} · {leadsLabel(billing.credits.leads)}
          </span>
        )}
      </div>
      {noCredits && (
        <p role="alert" className="text-destructive" data-testid="no-credits">
          {isNoCredits(unlock.error) ? unlock.error?.message || NO_CREDITS_TEXT : NO_CREDITS_TEXT}{' '}
          {/* A document load: the Billing page's own Content-Security-Policy allows Razorpay's Checkout. */}
          <a href={paths.billing.to()} className="font-medium underline">
            Buy credits
          </a>
        </p>
      )}
    </div>
  )
}
