/** One row of usage against a plan limit. */
export type UsageRow = { label: string; used: number; limit: number | null | undefined }

/** How full a limit is, 0..100 (a missing limit is no limit: 0). */
export function usagePercent({ used, limit }: Pick<UsageRow, 'used' | 'limit'>) {
  if (limit == null || limit <= 0) return limit === 0 && used > 0 ? 100 : 0
  return Math.min(100, Math.round((used / limit) * 100))
}

/** "3 of 10", or "3 (no limit)". */
export function usageText({ used, limit }: Pick<UsageRow, 'used' | 'limit'>) {
  return limit == null ? `${used} (no limit)` : `${used} of ${limit}`
}

/** The bar's tone: at the limit destructive, from 80% warning, else primary. */
export function usageTone(row: Pick<UsageRow, 'used' | 'limit'>): 'destructive' | 'warning' | 'primary' {
  if (row.limit != null && row.used >= row.limit) return 'destructive'
  return usagePercent(row) >= 80 ? 'warning' : 'primary'
}

const dateFormat = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Asia/Kolkata' })

/** A billing date as India reads it: "28 Dec 2026". */
export function billingDate(iso: string | null | undefined) {
  return iso ? dateFormat.format(new Date(iso)) : ''
}

/** The ledger's words for its entry kinds. */
export const entryKindLabels: Record<string, string> = {
  grant: 'Free credits',
  purchase: 'Purchase',
  lead: 'Lead',
  refund: 'Refund',
  adjustment: 'Adjustment',
  expiry: 'Expired',
}

export function entryKindLabel(kind: string) {
  return entryKindLabels[kind] ?? kind
}
