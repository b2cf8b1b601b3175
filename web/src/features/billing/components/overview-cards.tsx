import { CalendarClock, Coins } from 'lucide-react'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { UsageBars } from '@/features/billing/components/usage-bars'
import { billingDate } from '@/features/billing/lib/usage'
import { creditLevel, formatPaise, leadsLabel, type BillingOverview } from '@/shared/billing'
import { cn } from '@/lib/utils'

/** The agent's plan: its name, when it ends or renews, and usage against its limits. */
export function PlanCard({ billing }: { billing: BillingOverview }) {
  const { plan, usage } = billing
  const ends = plan.renewsAt ? `Renews on ${billingDate(plan.renewsAt)}` : plan.endsAt ? `Paid until ${billingDate(plan.endsAt)}` : ''
  return (
    <Card data-testid="billing-plan">
      <CardHeader>
        <CardDescription>Your plan</CardDescription>
        <CardTitle className="text-2xl">{plan.name}</CardTitle>
        {ends && (
          <p className="flex items-center gap-1.5 text-sm text-subtle-foreground">
            <CalendarClock className="size-4" aria-hidden /> {ends}
          </p>
        )}
      </CardHeader>
      <CardContent className="grid gap-4">
        <UsageBars
          rows={[
            { label: 'Active listings', used: usage.listings, limit: plan.limits.listings },
            { label: 'Active requirements', used: usage.requirements, limit: plan.limits.requirements },
          ]}
        />
        <ul className="flex flex-wrap gap-2 text-xs">
          <Feature on={plan.features.apiAccess}>API access</Feature>
          <Feature on={plan.features.customReports}>Custom reports</Feature>
        </ul>
      </CardContent>
    </Card>
  )
}

function Feature({ on, children }: { on: boolean; children: React.ReactNode }) {
  return (
    <li className={cn('rounded-full px-2 py-0.5 font-medium', on ? 'bg-success-soft text-success' : 'bg-muted text-muted-foreground')}>
      {children}: {on ? 'included' : 'not included'}
    </li>
  )
}

/** The agent's credits: balance, what it buys in leads, the price of a lead, this month's spending. */
export function CreditsCard({ billing }: { billing: BillingOverview }) {
  const { credits, usage } = billing
  const level = creditLevel(credits)
  return (
    <Card data-testid="billing-credits">
      <CardHeader>
        <CardDescription>Credits</CardDescription>
        <CardTitle className="flex items-center gap-2 text-2xl">
          <Coins className="size-5 text-brand" aria-hidden />
          {formatPaise(credits.balancePaise)}
        </CardTitle>
        <p className={cn('text-sm', level === 'ok' ? 'text-subtle-foreground' : level === 'low' ? 'text-warning' : 'text-destructive')}>
          {leadsLabel(credits.leads)} at {formatPaise(credits.leadPricePaise)} a lead
          {credits.expiresAt ? ` · free credits valid until ${billingDate(credits.expiresAt)}` : ''}
        </p>
      </CardHeader>
      <CardContent className="grid grid-cols-2 gap-3 text-sm">
        <div>
          <p className="text-muted-foreground">Leads this month</p>
          <p className="text-lg font-semibold text-foreground">{usage.leadsThisMonth}</p>
        </div>
        <div>
          <p className="text-muted-foreground">Spent this month</p>
          <p className="text-lg font-semibold text-foreground">{formatPaise(usage.spentThisMonthPaise)}</p>
        </div>
      </CardContent>
    </Card>
  )
}
