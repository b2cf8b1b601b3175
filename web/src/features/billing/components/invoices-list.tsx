import { Download, FileText } from 'lucide-react'
import { EmptyState } from '@/components/empty-state'
import { LoadMore } from '@/components/load-more'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { invoicePdfUrl, useInvoices } from '@/features/billing/api/get-invoices'
import { billingDate } from '@/features/billing/lib/usage'
import { pageItems } from '@/lib/paged-query'
import { formatPaise } from '@/shared/billing'

/** The agent's GST invoices, newest first, each with its PDF. */
export function InvoicesList() {
  const query = useInvoices()
  const invoices = pageItems(query.data)
  if (query.isPending) return <Spinner className="mx-auto size-6" />
  if (query.isError) return <p className="text-sm text-destructive">Could not load the invoices: {query.error.message}</p>
  if (invoices.length === 0) return <EmptyState icon={FileText} message="No invoices yet. Every payment gets a GST invoice here." compact />
  return (
    <div className="grid gap-2">
      <ul className="divide-y divide-border rounded-md border border-border" data-testid="invoices">
        {invoices.map((inv) => (
          <li key={inv.id} className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 px-3 py-2 text-sm" data-testid="invoice">
            <div className="min-w-0">
              <p className="font-medium text-foreground">{inv.number}</p>
              <p className="break-words text-xs text-muted-foreground">
                {billingDate(inv.issuedAt)} · {inv.description}
              </p>
              <p className="text-xs text-muted-foreground">
                Taxable {formatPaise(inv.taxablePaise)}
                {inv.igstPaise > 0
                  ? ` · IGST ${formatPaise(inv.igstPaise)}`
                  : ` · CGST ${formatPaise(inv.cgstPaise)} · SGST ${formatPaise(inv.sgstPaise)}`}
              </p>
            </div>
            <div className="flex items-center gap-3">
              <span className="font-semibold text-foreground">{formatPaise(inv.totalPaise)}</span>
              <Button asChild variant="outline" size="sm">
                <a href={invoicePdfUrl(inv.id)} download aria-label={`Download invoice ${inv.number} (PDF)`}>
                  <Download /> PDF
                </a>
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <LoadMore query={query} />
    </div>
  )
}
