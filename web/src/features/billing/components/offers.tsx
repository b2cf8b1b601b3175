import * as React from 'react'
import { Check, Loader2, Package } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card'
import { NativeSelect } from '@/components/ui/native-select'
import type { OrderRequest } from '@/features/billing/api/create-order'
import { formatPaise, leadsLabel, type BillingPack, type BillingPlan } from '@/shared/billing'
import { cn } from '@/lib/utils'

type BuyProps = { pending: string | null; onBuy: (key: string, request: OrderRequest) => void }

/** The credit packs on offer, each with Buy. */
export function PacksSection({ packs, pending, onBuy }: BuyProps & { packs: BillingPack[] }) {
  if (packs.length === 0) return null
  return (
    <section aria-labelledby="packs-title" className="grid gap-3">
      <h2 id="packs-title" className="text-lg font-semibold text-foreground">
        Buy credits
      </h2>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {packs.map((pack) => {
          const key = `pack-${pack.id}`
          return (
            <li key={pack.id}>
              <Card className="h-full" data-testid="billing-pack">
                <CardHeader>
                  <CardDescription className="flex items-center gap-1.5">
                    <Package className="size-4" aria-hidden /> {pack.name}
                  </CardDescription>
                  <CardTitle className="text-2xl">{formatPaise(pack.amountPaise)}</CardTitle>
                  <p className="text-sm text-subtle-foreground">{leadsLabel(pack.leads)}</p>
                </CardHeader>
                <CardFooter>
                  <Button
                    className="w-full"
                    disabled={!!pending}
                    onClick={() => onBuy(key, { pack: pack.id })}
                    aria-label={`Buy ${pack.name} for ${formatPaise(pack.amountPaise)}`}
                  >
                    {pending === key && <Loader2 className="animate-spin" />} Buy
                  </Button>
                </CardFooter>
              </Card>
            </li>
          )
        })}
      </ul>
    </section>
  )
}

/** The plans: the current one marked, the buyable ones with a number of months and Buy. */
export function PlansSection({ plans, current, pending, onBuy }: BuyProps & { plans: BillingPlan[]; current: string }) {
  if (plans.length === 0) return null
  return (
    <section aria-labelledby="plans-title" className="grid gap-3">
      <h2 id="plans-title" className="text-lg font-semibold text-foreground">
        Plans
      </h2>
      <ul className="grid gap-3 lg:grid-cols-3">
        {plans.map((plan) => (
          <li key={plan.id}>
            <PlanOffer plan={plan} current={plan.id === current} pending={pending} onBuy={onBuy} />
          </li>
        ))}
      </ul>
    </section>
  )
}

const MONTHS = Array.from({ length: 12 }, (_, i) => i + 1)

function PlanOffer({ plan, current, pending, onBuy }: BuyProps & { plan: BillingPlan; current: boolean }) {
  const [months, setMonths] = React.useState(1)
  const key = `plan-${plan.id}`
  return (
    <Card className={cn('flex h-full flex-col', plan.popular && 'border-primary ring-2 ring-ring')} data-testid="billing-plan-offer">
      <CardHeader>
        <CardDescription className="flex items-center justify-between gap-2">
          {plan.name}
          {current && <span className="rounded-full bg-accent px-2 py-0.5 text-xs font-semibold text-accent-foreground">Current plan</span>}
        </CardDescription>
        {/* The plan's own words for its price, as the landing page shows them ("₹500 per month", "Custom"). */}
        <CardTitle className="text-2xl">
          {plan.priceText}
          {plan.periodText && <span className="ml-1 text-sm font-normal text-subtle-foreground">{plan.periodText}</span>}
        </CardTitle>
        {plan.description && <p className="text-sm text-subtle-foreground">{plan.description}</p>}
      </CardHeader>
      <CardContent className="flex-1">
        <ul className="grid gap-1.5 text-sm text-subtle-foreground">
          {plan.highlights.map((line) => (
            <li key={line} className="flex items-start gap-2">
              <Check className="mt-0.5 size-4 shrink-0 text-success" aria-hidden /> {line}
            </li>
          ))}
        </ul>
      </CardContent>
      <CardFooter className="gap-2">
        {plan.buyable && plan.pricePaise > 0 ? (
          <>
            <NativeSelect
              aria-label={`Months of ${plan.name}`}
              value={months}
              onChange={(e) => setMonths(Number(e.target.value))}
              className="w-28"
            >
              {MONTHS.map((m) => (
                <option key={m} value={m}>
                  {m} {m === 1 ? 'month' : 'months'}
                </option>
              ))}
            </NativeSelect>
            <Button className="flex-1" disabled={!!pending} onClick={() => onBuy(key, { plan: plan.id, months })}>
              {pending === key && <Loader2 className="animate-spin" />}
              {current ? 'Extend' : 'Upgrade'} · {formatPaise(plan.pricePaise * months)}
            </Button>
          </>
        ) : (
          <p className="text-sm text-muted-foreground">
            {plan.id === 'enterprise' ? 'Set up by PropMatch for your agency: contact support.' : 'Every agent’s plan, free.'}
          </p>
        )}
      </CardFooter>
    </Card>
  )
}
