import { queryOptions } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api-client'
import type { components } from '@/lib/api-types'

type Schemas = components['schemas']
export type SitePage = Schemas['SitePage']
export type SiteContentUpdate = Schemas['SiteContentUpdate']
export type SiteFigures = Schemas['SiteFigures']
export type SiteOffer = Schemas['SiteOffer']
export type SitePlan = Schemas['SitePlan']
export type SiteTestimonial = Schemas['SiteTestimonial']
export type SiteDemoVideo = Schemas['SiteDemoVideo']
export type SiteContact = Schemas['SiteContact']

/** Query keys of the public site data. */
export const siteKeys = {
  content: () => ['/api/site'] as const,
  figures: () => ['/api/site/figures'] as const,
}

/** GET /api/site: the landing page's editable content (public). */
export const siteContentQuery = () =>
  queryOptions({
    queryKey: siteKeys.content(),
    queryFn: ({ signal }) => unwrap(api.GET('/api/site', { signal })),
    staleTime: 60_000,
  })

/** GET /api/site/figures: live counts (public; the server counts at most every 5 minutes). */
export const siteFiguresQuery = () =>
  queryOptions({
    queryKey: siteKeys.figures(),
    queryFn: ({ signal }) => unwrap(api.GET('/api/site/figures', { signal })),
    staleTime: 5 * 60_000,
  })

const indian = new Intl.NumberFormat('en-IN')

/**
 * A count for display, never more than it is: below 100 exactly ('57'); above, rounded down to two
 * significant digits with a '+' when that dropped something ('1,200+' for 1,234; '340' stays '340').
 * Grouping is Indian ('1,20,000+').
 */
export function roundFigure(n: number) {
  const count = Math.max(0, Math.floor(n))
  if (count < 100) return indian.format(count)
  const step = 10 ** (Math.floor(Math.log10(count)) - 1)
  const rounded = Math.floor(count / step) * step
  return rounded === count ? indian.format(count) : `${indian.format(rounded)}+`
}

/** The live figures as label/value pairs, in the order the pages show them. */
export function figureItems(f: SiteFigures) {
  return [
    { value: roundFigure(f.agents), label: f.agents === 1 ? 'Agent' : 'Agents' },
    { value: roundFigure(f.reraVerifiedAgents), label: 'RERA verified' },
    { value: roundFigure(f.activeListings), label: f.activeListings === 1 ? 'Active listing' : 'Active listings' },
    { value: roundFigure(f.activeRequirements), label: f.activeRequirements === 1 ? 'Active requirement' : 'Active requirements' },
    { value: roundFigure(f.matchesLast30Days), label: 'Matches, last 30 days' },
  ]
}

// Two-digit STD codes (metros); other Indian landlines are shown with a three-digit code.
const metroCodes = ['11', '20', '22', '33', '40', '44', '79', '80']

/** An E.164 Indian number for display ('+91 98765 43210', '+91 40 4852 6100', '1800 425 1234'); others as given. */
export function formatIndianPhone(e164: string) {
  const m = /^\+91(\d+)$/.exec(e164)
  if (!m) return e164
  const d = m[1]!
  if (d.startsWith('1800') || d.startsWith('1860')) return `${d.slice(0, 4)} ${d.slice(4, 7)} ${d.slice(7)}`
  if (d.length !== 10) return e164
  if (/^[6-9]/.test(d)) return `+91 ${d.slice(0, 5)} ${d.slice(5)}`
  const code = metroCodes.includes(d.slice(0, 2)) ? 2 : 3
  const rest = d.slice(code)
  return `+91 ${d.slice(0, code)} ${rest.slice(0, rest.length - 4)} ${rest.slice(-4)}`
}
