import { CreditCard } from 'lucide-react'
import { EmptyState } from '@/components/empty-state'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { Spinner } from '@/components/ui/spinner'
import { InvoicesList } from '@/features/billing/components/invoices-list'
import { LedgerList } from '@/features/billing/components/ledger-list'
import { PacksSection, PlansSection } from '@/features/billing/components/offers'
import { CreditsCard, PlanCard } from '@/features/billing/components/overview-cards'
import { useBuy } from '@/features/billing/components/use-buy'
import { useBilling } from '@/shared/billing'

/**
 * /billing (docs/product.md#billing): the agent's plan and usage against its limits, credits, the packs
 * and plans to buy through Razorpay Checkout, the ledger and the GST invoices. With billing off the
 * server answers 404 and the page says so.
 */
export function BillingPage() {
  const { data: billing, isPending, isError, error } = useBilling()
  const { buy, pending } = useBuy()
  return (
    <div className="mx-auto grid max-w-6xl gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-foreground">Billing</h1>
        <p className="text-sm text-subtle-foreground">Your plan, credits, payments and GST invoices</p>
      </div>
      {isPending ? (
        <Spinner className="mx-auto size-8" />
      ) : isError ? (
        <p className="text-sm text-destructive" role="alert">
          Could not load billing: {error.message}
        </p>
      ) : !billing ? (
        <EmptyState icon={CreditCard} message="Billing is not used on this PropMatch installation: contacts and listings are free." />
      ) : (
        <>
          <div className="grid gap-4 md:grid-cols-2">
            <PlanCard billing={billing} />
            <CreditsCard billing={billing} />
          </div>
          <PacksSection packs={billing.packs} pending={pending} onBuy={buy} />
          <PlansSection plans={billing.plans} current={billing.plan.id} pending={pending} onBuy={buy} />
          <div className="grid gap-4 lg:grid-cols-2">
            <Card>
              <CardHeader>
                <CardTitle>Credit history</CardTitle>
              </CardHeader>
              <CardContent>
                <LedgerList />
              </CardContent>
            </Card>
            <Card>
              <CardHeader>
                <CardTitle>Invoices</CardTitle>
              </CardHeader>
              <CardContent>
                <InvoicesList />
              </CardContent>
            </Card>
          </div>
        </>
      )}
    </div>
  )
}
