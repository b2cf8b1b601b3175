import type { MatchStatus, ScoreBreakdown } from '@/lib/api-schemas'

/** Lead statuses in dropdown order, with their labels (docs/product.md#lead-status). */
export const matchStatusOptions = [
  { value: 'new', label: 'New' },
  { value: 'viewed', label: 'Viewed' },
  { value: 'contacted', label: 'Contacted' },
  { value: 'interested', label: 'Interested' },
  { value: 'not_interested', label: 'Not Interested' },
  { value: 'closed', label: 'Closed' },
] as const satisfies readonly { value: MatchStatus; label: string }[]

export function matchStatusLabel(status: string) {
  return matchStatusOptions.find((o) => o.value === status)?.label ?? status
}

const statusClassMap: Record<MatchStatus, string> = {
  new: 'bg-info-soft text-info',
  viewed: 'bg-muted text-foreground',
  contacted: 'bg-tag-indigo/15 text-tag-indigo-text',
  interested: 'bg-success-soft text-success',
  not_interested: 'bg-destructive-soft text-destructive',
  closed: 'bg-foreground text-background',
}

export function matchStatusClasses(status: string) {
  return statusClassMap[status as MatchStatus] ?? statusClassMap.viewed
}

/** Notes preview: at most 50 characters, then an ellipsis (docs/product.md#matches). */
export const NOTE_PREVIEW_LENGTH = 50
export const NOTES_MAX = 500

export function notePreview(notes: string | null | undefined) {
  const text = (notes ?? '').trim()
  return text.length > NOTE_PREVIEW_LENGTH ? `${text.slice(0, NOTE_PREVIEW_LENGTH)}...` : text
}

/** The score breakdown rows with the points each rule can give (docs/product.md#scoring). */
export const scoreRows = [
  { key: 'propertyType', label: 'Property type', possible: 30 },
  { key: 'city', label: 'City', possible: 25 },
  { key: 'price', label: 'Price range', possible: 15 },
  { key: 'bedrooms', label: 'Bedrooms', possible: 10 },
  { key: 'locality', label: 'Locality', possible: 20 },
] as const satisfies readonly { key: keyof ScoreBreakdown; label: string; possible: number }[]
