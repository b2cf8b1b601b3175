import { AlertTriangle, Wallet } from 'lucide-react'
import { NavLink } from 'react-router'
import { creditLevel, leadsLabel, useBilling } from '@/shared/billing'
import { cn } from '@/lib/utils'
import { paths } from '@/app/paths'

/**
 * The sidebar's Billing link with the credits badge (leads left), and the low-balance warning under it
 * at 20 leads or fewer and at none (docs/product.md#billing). Nothing when billing is off. The link
 * loads the document: the Billing page's own Content-Security-Policy allows Razorpay's Checkout.
 */
export function BillingNav({ onNavigate }: { onNavigate?: (to: string) => void }) {
  const { data: billing } = useBilling()
  if (!billing) return null
  const { credits } = billing
  const level = creditLevel(credits)
  const to = paths.billing.to()
  return (
    <>
      <NavLink
        to={to}
        reloadDocument
        onClick={() => onNavigate?.(to)}
        className={({ isActive }) =>
          cn(
            'flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium transition-colors',
            isActive ? 'bg-accent text-accent-foreground' : 'text-subtle-foreground hover:bg-muted hover:text-foreground',
          )
        }
      >
        <Wallet className="size-4 shrink-0" aria-hidden />
        Billing {/* The space keeps "Billing 500 leads" apart in the link's accessible name. */}
        <span
          className={cn(
            'ml-auto rounded-full px-2 py-0.5 text-xs font-semibold',
            level === 'ok'
              ? 'bg-muted text-subtle-foreground'
              : level === 'low'
                ? 'bg-warning-soft text-warning'
                : 'bg-destructive/10 text-destructive',
          )}
          data-testid="nav-badge-credits"
          title={`${leadsLabel(credits.leads)} left`}
        >
          {leadsLabel(credits.leads)}
        </span>
      </NavLink>
      {level !== 'ok' && (
        <NavLink
          to={to}
          reloadDocument
          role="alert"
          data-testid="low-credits"
          onClick={() => onNavigate?.(to)}
          className={cn(
            'mx-1 flex items-start gap-2 rounded-md p-2 text-xs',
            level === 'low' ? 'bg-warning/10 text-warning' : 'bg-destructive/10 text-destructive',
          )}
        >
          <AlertTriangle className="mt-0.5 size-3.5 shrink-0" aria-hidden />
          <span>
            {level === 'empty'
              ? 'No credits left: new contacts cannot be unlocked. Buy credits'
              : `Only ${leadsLabel(credits.leads)} left. Buy credits`}
          </span>
        </NavLink>
      )}
    </>
  )
}
