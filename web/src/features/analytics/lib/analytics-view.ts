import type { AnalyticsReport } from '@/lib/api-schemas'
import { listingPurposeLabel, propertyTypeLabel } from '@/shared/listing-vocabulary'

/** The windows the server accepts, shortest first; 30d is the default. */
export const analyticsWindows = [
  { value: '7d', label: '7 days' },
  { value: '30d', label: '30 days' },
  { value: '90d', label: '90 days' },
] as const

export type AnalyticsWindow = (typeof analyticsWindows)[number]['value']

export const DEFAULT_WINDOW: AnalyticsWindow = '30d'

export function isAnalyticsWindow(value: string | null | undefined): value is AnalyticsWindow {
  return analyticsWindows.some((w) => w.value === value)
}

export function windowLabel(window: string) {
  return analyticsWindows.find((w) => w.value === window)?.label ?? window
}

const statusLabels: Record<string, string> = {
  new: 'New',
  viewed: 'Viewed',
  contacted: 'Contacted',
  interested: 'Interested',
  not_interested: 'Not Interested',
  closed: 'Closed',
}

const timelineLabels: Record<string, string> = {
  immediate: 'Immediate',
  '1month': 'Within 1 month',
  '3months': 'Within 3 months',
  '6months': 'Within 6 months',
  flexible: 'Flexible',
}

/** A match status or funnel step as shown ("Not Interested"). */
export function statusLabel(status: string) {
  return statusLabels[status] ?? status
}

export function timelineLabel(timeline: string) {
  return timelineLabels[timeline] ?? timeline
}

/** A share (0..1) as a percentage with at most one decimal: 0.6667 → "66.7%". */
export function formatPercent(share: number) {
  return `${Math.round(share * 1000) / 10}%`
}

/** Seconds as "45 s", "12 min", "1 h 30 min" or "2 d 3 h"; null (no answers) as "No replies yet". */
export function formatDuration(seconds: number | null | undefined) {
  if (seconds === null || seconds === undefined) return 'No replies yet'
  const s = Math.round(seconds)
  if (s < 60) return `${s} s`
  const minutes = Math.round(s / 60)
  if (minutes < 60) return `${minutes} min`
  const hours = Math.floor(minutes / 60)
  if (hours < 24) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`
  const days = Math.floor(hours / 24)
  return hours % 24 ? `${days} d ${hours % 24} h` : `${days} d`
}

/** An India calendar date (YYYY-MM-DD) as "7 Jun". */
export function shortDate(date: string) {
  const [y, m, d] = date.split('-').map(Number)
  return new Date(Date.UTC(y, m - 1, d)).toLocaleDateString('en-IN', { day: 'numeric', month: 'short', timeZone: 'UTC' })
}

function plural(n: number, one: string, many = `${one}s`) {
  return `${n} ${n === 1 ? one : many}`
}

/** "2 of 3 conversations opened by other agents answered, in the last 30 days" */
export function responseSummary(report: AnalyticsReport) {
  const { answered, received } = report.responseTime
  return `${answered} of ${plural(received, 'conversation')} opened by other agents answered, in the last ${windowLabel(report.window)}`
}

/** The five cards: label, all-time total and how many in the window. */
export function cardFigures(report: AnalyticsReport) {
  const c = report.cards
  return [
    { key: 'properties', label: 'Properties', ...c.properties, note: 'listed' },
    { key: 'requirements', label: 'Requirements', ...c.requirements, note: 'posted' },
    { key: 'matches', label: 'Matches', ...c.matches, note: 'new' },
    { key: 'connections', label: 'Connections', ...c.connections, note: 'accepted' },
    { key: 'messages', label: 'Messages Sent', ...c.messagesSent, note: 'sent' },
  ] as const
}

/** The co-broking deals card: agreements accepted, deals both sides closed, and the closed value in rupees (from paise). */
export function dealFigures(report: AnalyticsReport) {
  const d = report.deals
  return {
    agreed: d.agreed,
    closed: d.closed,
    closedValue: Math.round(d.closedValuePaise / 100),
    closedValueInWindow: Math.round(d.closedValueInWindowPaise / 100),
  }
}

export type Row = { label: string; value: number }

/** Counts as chart rows with their labels. */
export function countRows(counts: AnalyticsReport['propertyTypes'], label: (value: string) => string): Row[] {
  return counts.map((c) => ({ label: label(c.value), value: c.count }))
}

export const propertyTypeRows = (r: AnalyticsReport) => countRows(r.propertyTypes, propertyTypeLabel)
export const listingPurposeRows = (r: AnalyticsReport) => countRows(r.listingPurposes, listingPurposeLabel)
export const timelineRows = (r: AnalyticsReport) => countRows(r.requirementTimelines, timelineLabel)

/** "Apartment 2, Villa 1" for the non-zero rows; emptyText when all are zero. */
export function rowsSummary(rows: Row[], emptyText: string) {
  const some = rows.filter((r) => r.value > 0)
  if (some.length === 0) return emptyText
  return some.map((r) => `${r.label} ${r.value}`).join(', ')
}

/** Match statuses of the caller's side, as buyer and as seller. */
export function statusRows(report: AnalyticsReport) {
  return report.matchStatuses.map((s) => ({ label: statusLabel(s.status), asBuyer: s.asBuyer, asSeller: s.asSeller, total: s.total }))
}

export function funnelRows(report: AnalyticsReport) {
  return report.funnel.map((s) => ({
    label: statusLabel(s.step),
    value: s.count,
    fromPrevious: formatPercent(s.fromPrevious),
    fromStart: formatPercent(s.fromStart),
  }))
}

/** "Of 4 new matches, 4 viewed (100%), 2 contacted (50%), ..." */
export function funnelSummary(report: AnalyticsReport) {
  const [first, ...rest] = report.funnel
  if (!first || first.count === 0) return `No new matches in the last ${windowLabel(report.window)}.`
  const steps = rest.map((s) => `${s.count} ${statusLabel(s.step).toLowerCase()} (${formatPercent(s.fromStart)})`)
  return `Of ${plural(first.count, 'new match', 'new matches')}: ${steps.join(', ')}.`
}

const seriesKeys = [
  { key: 'matchesAsBuyer', label: 'Matches as buyer' },
  { key: 'matchesAsSeller', label: 'Matches as seller' },
  { key: 'messagesSent', label: 'Messages sent' },
  { key: 'messagesReceived', label: 'Messages received' },
  { key: 'connections', label: 'Connections made' },
] as const

export type SeriesKey = (typeof seriesKeys)[number]['key']

export const matchSeries = seriesKeys.slice(0, 2)
export const activitySeries = seriesKeys.slice(2)

/** The series' totals over the window, and its busiest day, as one sentence. */
export function seriesSummary(report: AnalyticsReport, keys: readonly { key: SeriesKey; label: string }[]) {
  const totals = keys.map(({ key, label }) => `${label.toLowerCase()}: ${report.series.reduce((n, d) => n + d[key], 0)}`)
  let busiest: { date: string; n: number } | null = null
  for (const d of report.series) {
    const n = keys.reduce((sum, { key }) => sum + d[key], 0)
    if (n > 0 && (!busiest || n > busiest.n)) busiest = { date: d.date, n }
  }
  const tail = busiest ? ` Busiest day: ${shortDate(busiest.date)} (${busiest.n}).` : ' No activity yet.'
  return `Last ${windowLabel(report.window)}, ${totals.join(', ')}.${tail}`
}

/** The series with a short date label for the axis. */
export function seriesRows(report: AnalyticsReport) {
  return report.series.map((d) => ({ ...d, day: shortDate(d.date) }))
}

/**
 * Whether a series is sparse: at most a third of its days have anything. A line through such a series is a
 * flat line with a spike, so the chart marks each day that has a value with a point (issue 25).
 */
export function isSparse(rows: readonly Record<string, unknown>[], key: string) {
  if (rows.length === 0) return false
  const withValue = rows.filter((r) => typeof r[key] === 'number' && (r[key] as number) > 0).length
  return withValue * 3 <= rows.length
}
