import type { MatchStatus } from '@/lib/api-schemas'
import type { MatchSide } from '@/shared/contact'
import { matchStatusOptions } from '@/features/matches/lib/match-labels'

/** The orders GET /api/matches offers (docs/product.md#matches); newest first is the default. */
export const matchSortOptions = [
  { value: 'newest', label: 'Newest first' },
  { value: 'score', label: 'Best score first' },
  { value: 'status', label: 'By status' },
] as const

export type MatchSort = (typeof matchSortOptions)[number]['value']

/** The minimum scores offered, at the score colours' bounds (docs/product.md#matching). */
export const minScoreOptions = [
  { value: 90, label: '90% and above' },
  { value: 70, label: '70% and above' },
  { value: 50, label: '50% and above' },
] as const

/** Which matches one tab lists, and in what order: what GET /api/matches is asked for. */
export type MatchListFilter = {
  sort: MatchSort
  status?: MatchStatus
  /** The buyer tab filters by one of the agent's requirements, the seller tab by one of their listings. */
  requirementId?: number
  propertyId?: number
  minScore?: number
}

/**
 * The Matches page's state, kept in its URL: the open tab, and the filter both tabs share (sort, status,
 * minimum score), with the requirement that narrows the buyer tab and the listing that narrows the seller tab.
 */
export type MatchesView = { tab: MatchSide; filter: MatchListFilter }

const positive = (v: string | null) => {
  const n = Number(v)
  return Number.isInteger(n) && n > 0 ? n : undefined
}

/**
 * Reads the view from the page's query (`tab`, `sort`, `status`, `requirement`, `listing`, `minScore`);
 * an unknown value is ignored, so a stale or edited link still opens the page.
 */
export function readMatchesView(params: URLSearchParams): MatchesView {
  const tab: MatchSide = params.get('tab') === 'seller' ? 'seller' : 'buyer'
  const sort = matchSortOptions.find((o) => o.value === params.get('sort'))?.value ?? 'newest'
  const status = matchStatusOptions.find((o) => o.value === params.get('status'))?.value
  const minScore = Number(params.get('minScore'))
  const filter: MatchListFilter = {
    sort,
    status,
    requirementId: positive(params.get('requirement')),
    propertyId: positive(params.get('listing')),
    minScore: params.get('minScore') && Number.isInteger(minScore) && minScore >= 0 && minScore <= 100 ? minScore : undefined,
  }
  return { tab, filter }
}

/** The filter of one tab: the buyer tab ignores the listing, the seller tab the requirement. */
export function filterFor(side: MatchSide, filter: MatchListFilter): MatchListFilter {
  return side === 'buyer' ? { ...filter, propertyId: undefined } : { ...filter, requirementId: undefined }
}

/** The query of a view, the defaults left out (the inverse of readMatchesView). */
export function matchesViewQuery({ tab, filter }: MatchesView) {
  return {
    tab: tab === 'seller' ? tab : undefined,
    sort: filter.sort === 'newest' ? undefined : filter.sort,
    status: filter.status,
    requirement: filter.requirementId,
    listing: filter.propertyId,
    minScore: filter.minScore,
  }
}

/** Whether the filter narrows the list (the order alone does not). */
export function isFiltered(filter: MatchListFilter) {
  return filter.status !== undefined || filter.requirementId !== undefined || filter.propertyId !== undefined || filter.minScore !== undefined
}

/** GET /api/matches's query for one side and filter, the defaults left out (so the default list asks ?type= only). */
export function matchesApiQuery(type: MatchSide, filter: MatchListFilter = { sort: 'newest' }) {
  return {
    type,
    ...(filter.sort !== 'newest' && { sort: filter.sort }),
    ...(filter.status && { status: filter.status }),
    ...(filter.requirementId !== undefined && { requirementId: filter.requirementId }),
    ...(filter.propertyId !== undefined && { propertyId: filter.propertyId }),
    ...(filter.minScore !== undefined && { minScore: filter.minScore }),
  }
}
