import type { Requirement, Timeline } from '@/lib/api-schemas'
import { formatPrice, isMonthly } from '@/shared/format'

/** The form's four timelines (docs/product.md#requirement-form), in order. */
export const timelineOptions = [
  { value: 'immediate', label: 'Immediate' },
  { value: '1month', label: 'Within 1 month' },
  { value: '3months', label: 'Within 3 months' },
  { value: '6months', label: 'Within 6 months' },
] as const satisfies readonly { value: Timeline; label: string }[]

const timelineLabels: Record<string, string> = {
  ...Object.fromEntries(timelineOptions.map((o) => [o.value, o.label])),
  within_1_month: 'Within 1 month',
  within_3_months: 'Within 3 months',
  within_6_months: 'Within 6 months',
  flexible: 'Flexible',
}

export function timelineLabel(timeline: string | null | undefined) {
  if (!timeline) return ''
  return timelineLabels[timeline] ?? timeline
}

/** The area label for a property type (acres for agricultural land). */
export function areaLabel(propertyType: string | null | undefined) {
  switch (propertyType) {
    case 'plot':
      return 'Plot size (sq.ft)'
    case 'agricultural':
      return 'Land size (acres)'
    case 'commercial':
      return 'Built-up area (sq.ft)'
    default:
      return 'Area (sq.ft)'
  }
}

/** The unit an area is shown in. */
export function areaUnit(propertyType: string | null | undefined) {
  return propertyType === 'agricultural' ? 'acres' : 'sq.ft'
}

type Range = Pick<Requirement, 'minPrice' | 'maxPrice'> & Partial<Pick<Requirement, 'listingPurpose'>>

/** "₹50.00 L - ₹90.00 L", "From ₹50.00 L", "Up to ₹90.00 L", or "Not specified"; rent and lease budgets end in "/month". */
export function budgetRange({ minPrice, maxPrice, listingPurpose }: Range) {
  const month = isMonthly(listingPurpose) ? '/month' : ''
  if (minPrice != null && maxPrice != null) return `${formatPrice(minPrice)} - ${formatPrice(maxPrice)}${month}`
  if (minPrice != null) return `From ${formatPrice(minPrice)}${month}`
  if (maxPrice != null) return `Up to ${formatPrice(maxPrice)}${month}`
  return 'Not specified'
}

/** "1200 - 1800 sq.ft", "From 2 acres", ... or '' when neither bound is set. */
export function areaRange(requirement: Pick<Requirement, 'minArea' | 'maxArea' | 'propertyTypes'>) {
  const unit = areaUnit(requirement.propertyTypes[0])
  const { minArea, maxArea } = requirement
  if (minArea != null && maxArea != null) return `${minArea} - ${maxArea} ${unit}`
  if (minArea != null) return `From ${minArea} ${unit}`
  if (maxArea != null) return `Up to ${maxArea} ${unit}`
  return ''
}

/** The client phone without its +91 prefix, as shown and edited. */
export function localPhone(phone: string | null | undefined) {
  return (phone ?? '').replace(/^\+91/, '')
}
