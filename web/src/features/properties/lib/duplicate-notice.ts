import type { PossibleDuplicate } from '@/lib/api-schemas'
import { formatPrice } from '@/shared/format'

/** The reason a notice names: the photo when it matched, else the strongest other signal. */
function leadReason(reasons: readonly string[]): string | undefined {
  return reasons.find((r) => r.endsWith('photo')) ?? reasons[0]
}

/**
 * The notice after a save (docs/product.md#duplicate-listings):
 * "This looks like a listing by Kavitha Reddy (Kondapur, ₹1.25 Cr, same photo)".
 */
export function duplicateNoticeText(d: PossibleDuplicate): string {
  const details = [d.locality, formatPrice(d.price), leadReason(d.reasons)].filter(Boolean).join(', ')
  return `This looks like a listing by ${d.agentName} (${details})`
}
