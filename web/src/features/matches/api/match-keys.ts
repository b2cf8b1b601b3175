import type { MatchSide } from '@/shared/contact'

/** Query keys of matches: ['/api/matches', {type}] is GET /api/matches?type=buyer|seller. */
export const matchKeys = {
  all: ['/api/matches'] as const,
  list: (type: MatchSide) => ['/api/matches', { type }] as const,
  /** The newest matches with status new on both sides, one page of `limit` (the dashboard's New Matches). */
  newest: (limit: number) => ['/api/matches', { status: 'new', limit }] as const,
}
