import type { MatchSide } from '@/lib/contact'

/** Query keys of matches: ['/api/matches', {type}] becomes GET /api/matches?type=buyer|seller. */
export const matchKeys = {
  all: ['/api/matches'] as const,
  list: (type: MatchSide) => ['/api/matches', { type }] as const,
  /** Both sides, first page only (the dashboard's New Matches). */
  latest: () => ['/api/matches'] as const,
}

/** Families refreshed after a match's status or notes change. */
export const matchWriteFamilies = ['/api/matches', '/api/dashboard/stats'] as const
