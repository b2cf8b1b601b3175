export type Amount = number | string | null | undefined

/** The amount as a finite number, or null when empty or non-numeric. */
export function toAmount(value: Amount): number | null {
  if (value === null || value === undefined) return null
  if (typeof value === 'string' && value.trim() === '') return null
  const n = typeof value === 'number' ? value : Number(value.trim())
  return Number.isFinite(n) ? n : null
}

const rupeeDigits = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 })

/**
 * Money display (docs/product.md#money): 1 crore or more as "₹1.25 Cr", 1 lakh or
 * more as "₹25.00 L", smaller amounts with Indian digit grouping; empty or
 * non-numeric values show "₹0".
 */
export function formatPrice(value: Amount): string {
  const n = toAmount(value)
  if (n === null) return '₹0'
  if (n >= 10_000_000) return `₹${(n / 10_000_000).toFixed(2)} Cr`
  if (n >= 100_000) return `₹${(n / 100_000).toFixed(2)} L`
  return `₹${rupeeDigits.format(n)}`
}

/** Rent and lease amounts are per month (the property and the requirement spellings). */
export function isMonthly(listingPurpose: string | null | undefined) {
  return listingPurpose === 'for_rent' || listingPurpose === 'for_lease' || listingPurpose === 'forRent' || listingPurpose === 'forLease'
}

/** A listing's price as shown: "₹45.00 L" for sale, "₹35,000/month" for rent or lease (docs/product.md#money). */
export function formatListingPrice(value: Amount, listingPurpose: string | null | undefined): string {
  const price = formatPrice(value)
  return isMonthly(listingPurpose) ? `${price}/month` : price
}

/**
 * A monthly maintenance charge as shown: "₹3,000/month" from "3000" or "₹ 3,000"; text that is
 * not an amount ("included in rent") is shown as written.
 */
export function formatMaintenance(value: string | null | undefined): string {
  const text = (value ?? '').trim()
  if (!text) return ''
  const n = toAmount(text.replace(/^₹\s*|^rs\.?\s*/i, '').replace(/,/g, '').replace(/\s*(\/|per)\s*month$/i, ''))
  return n === null ? text : `${formatPrice(n)}/month`
}

export type ScoreColor = 'green' | 'yellow' | 'red'

/** Match score colour: 90 and up green, 70 to 89 yellow, below 70 red. */
export function scoreColor(score: number): ScoreColor {
  if (score >= 90) return 'green'
  if (score >= 70) return 'yellow'
  return 'red'
}

const scoreClassMap: Record<ScoreColor, string> = {
  green: 'bg-success-soft text-success border-success/30',
  yellow: 'bg-warning-soft text-warning border-warning/30',
  red: 'bg-destructive-soft text-destructive border-destructive/30',
}

/** Tailwind classes (background, text, border) for a match score badge. */
export function scoreClasses(score: number): string {
  return scoreClassMap[scoreColor(score)]
}

/** Label shown next to a price: Sale Price, Rent Price, Lease Price, else Price. */
export function priceLabel(listingPurpose: string | null | undefined): string {
  switch (listingPurpose) {
    case 'for_sale':
      return 'Sale Price'
    case 'for_rent':
      return 'Rent Price'
    case 'for_lease':
      return 'Lease Price'
    default:
      return 'Price'
  }
}

/** Label of the price input on the property form. */
export function priceFieldLabel(listingPurpose: string | null | undefined): string {
  switch (listingPurpose) {
    case 'for_rent':
      return 'Monthly Rent (₹)'
    case 'for_lease':
      return 'Monthly Lease (₹)'
    default:
      return 'Sale Price (₹)'
  }
}

/** A date as "2 Mar 2025" (Indian English). */
export function formatDate(iso: string) {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? '' : date.toLocaleDateString('en-IN', { day: 'numeric', month: 'short', year: 'numeric' })
}

/** Shown for a user whose name is unknown (docs/product.md#agent-network). */
export function unknownAgentName(id: number) {
  return `Agent #${id}`
}
