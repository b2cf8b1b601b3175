import { Download, FileText } from 'lucide-react'
import { EmptyState } from '@/components/empty-state'
import { LoadMore } from '@/components/load-more'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Spinner } from '@/components/ui/spinner'
import { adminInvoicesCsvUrl, useAdminBillingPacks, useAdminBillingPlans, useAdminInvoices } from '@/features/admin/api/get-admin-billing'
import { BillingPacksEditor } from '@/features/admin/components/billing-packs-editor'
import { BillingPlansEditor } from '@/features/admin/components/billing-plans-editor'
import { pageItems } from '@/lib/paged-query'
import { formatPaise } from '@/shared/billing'
import { formatDate } from '@/shared/format'

/**
 * The admin console's Billing tab (docs/product.md#admin-console): the plans and packs, and every invoice
 * with the accountant's CSV. An agent's credits and plan are changed from their row on the Users tab.
 */
export function BillingTab() {
  const plans = useAdminBillingPlans()
  const packs = useAdminBillingPacks()
  if (plans.isPending || packs.isPending) return <Spinner className="mx-auto size-6" />
  if (plans.isError || packs.isError)
    return <p className="text-sm text-destructive">Could not load billing: {(plans.error ?? packs.error)?.message}</p>
  if (!plans.data || !packs.data)
    return <p className="text-sm text-subtle-foreground">Billing is off on this installation (PROPMATCH_BILLING=off).</p>
  return (
    <div className="grid gap-4">
      <Card>
        <CardHeader>
          <CardTitle>Plans</CardTitle>
          <CardDescription>
            What each plan costs and allows. The limits are enforced and the landing page shows these plans.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <BillingPlansEditor key={plans.dataUpdatedAt} plans={plans.data} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Credit packs</CardTitle>
          <CardDescription>The packs agents can buy, in this order. Leads are counted at the Starter lead price.</CardDescription>
        </CardHeader>
        <CardContent>
          <BillingPacksEditor key={packs.dataUpdatedAt} packs={packs.data} />
        </CardContent>
      </Card>
      <InvoicesCard />
    </div>
  )
}

function InvoicesCard() {
  const query = useAdminInvoices()
  const invoices = pageItems(query.data)
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-2">
        <div className="grid gap-1.5">
          <CardTitle>Invoices</CardTitle>
          <CardDescription>Every GST invoice, newest first. The CSV has them all, for the accountant.</CardDescription>
        </div>
        <Button asChild variant="outline" size="sm">
          <a href={adminInvoicesCsvUrl} download>
            <Download /> Export CSV
          </a>
        </Button>
      </CardHeader>
      <CardContent className="grid gap-2">
        {query.isPending ? (
          <Spinner className="mx-auto size-6" />
        ) : query.isError ? (
          <p className="text-sm text-destructive">Could not load the invoices: {query.error.message}</p>
        ) : invoices.length === 0 ? (
          <EmptyState icon={FileText} message="No invoices yet." compact />
        ) : (
          <ul className="divide-y divide-border rounded-md border border-border" data-testid="admin-invoices">
            {invoices.map((inv) => (
              <li
                key={inv.id}
                className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-3 py-2 text-sm"
                data-testid="admin-invoice"
              >
                <div className="min-w-0">
                  <p className="font-medium text-foreground">
                    {inv.number} · {inv.buyerName}
                  </p>
                  <p className="text-xs break-words text-muted-foreground">
                    {formatDate(inv.issuedAt)} · {inv.description} · {inv.buyerState}
                    {inv.buyerGstin ? ` · GSTIN ${inv.buyerGstin}` : ''}
                  </p>
                </div>
                <span className="font-semibold text-foreground">{formatPaise(inv.totalPaise)}</span>
              </li>
            ))}
          </ul>
        )}
        <LoadMore query={query} />
      </CardContent>
    </Card>
  )
}
