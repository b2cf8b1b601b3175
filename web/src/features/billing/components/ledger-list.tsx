import { ReceiptText } from 'lucide-react'
import { EmptyState } from '@/components/empty-state'
import { LoadMore } from '@/components/load-more'
import { Spinner } from '@/components/ui/spinner'
import { useLedger } from '@/features/billing/api/get-ledger'
import { billingDate, entryKindLabel } from '@/features/billing/lib/usage'
import { pageItems } from '@/lib/paged-query'
import { formatPaise } from '@/shared/billing'
import { cn } from '@/lib/utils'

/** The credit ledger, newest first, page by page: what each entry added or took and the balance after it. */
export function LedgerList() {
  const query = useLedger()
  const entries = pageItems(query.data)
  if (query.isPending) return <Spinner className="mx-auto size-6" />
  if (query.isError) return <p className="text-sm text-destructive">Could not load the ledger: {query.error.message}</p>
  if (entries.length === 0) return <EmptyState icon={ReceiptText} message="No credit movements yet." compact />
  return (
    <div className="grid gap-2">
      <ul className="divide-y divide-border rounded-md border border-border" data-testid="ledger">
        {entries.map((e) => (
          <li
            key={e.id}
            className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 px-3 py-2 text-sm"
            data-testid="ledger-entry"
          >
            <div className="min-w-0">
              <p className="font-medium text-foreground">{entryKindLabel(e.kind)}</p>
              <p className="break-words text-xs text-muted-foreground">
                {billingDate(e.createdAt)}
                {e.note ? ` · ${e.note}` : ''}
              </p>
            </div>
            <div className="text-right">
              <p className={cn('font-semibold', e.amountPaise < 0 ? 'text-destructive' : 'text-success')}>
                {e.amountPaise > 0 ? '+' : ''}
                {formatPaise(e.amountPaise)}
              </p>
              <p className="text-xs text-muted-foreground">Balance {formatPaise(e.balanceAfterPaise)}</p>
            </div>
          </li>
        ))}
      </ul>
      <LoadMore query={query} />
    </div>
  )
}
