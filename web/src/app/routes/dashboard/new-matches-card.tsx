import { Eye, Handshake } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { DASHBOARD_LIST_SIZE, DashboardListCard } from '@/app/routes/dashboard/dashboard-list-card'
import { useNewestNewMatches } from '@/features/matches/api/get-matches'
import { ScoreBadge } from '@/features/matches/components/score-badge'
import type { Match } from '@/lib/api-schemas'
import type { MatchSide } from '@/shared/contact'
import { EmptyState } from '@/components/empty-state'
import { paths } from '@/app/paths'

/** The caller's side of a match: buyer when the requirement is theirs. */
export function matchSideFor(match: Pick<Match, 'buyerAgentId'>, userId: number): MatchSide {
  return match.buyerAgentId === userId ? 'buyer' : 'seller'
}

/** The first matches with status new, newest first (a guard: the server already sends only new ones). */
export function firstNewMatches(matches: Match[] | undefined, size = DASHBOARD_LIST_SIZE) {
  return (matches ?? []).filter((m) => m.status === 'new').slice(0, size)
}

type NewMatchesCardProps = {
  userId: number
  /** The number of new matches on both sides (stats.newMatches), when known. */
  total?: number
  onView: (match: Match, side: MatchSide) => void
}

/** Side card: the first 3 new matches, each with its coloured score and a View button. */
export function NewMatchesCard({ userId, total, onView }: NewMatchesCardProps) {
  const query = useNewestNewMatches(DASHBOARD_LIST_SIZE)
  const matches = firstNewMatches(query.data)
  return (
    <DashboardListCard
      data-testid="new-matches-card"
      title={
        <>
          <Handshake className="size-4 text-primary" aria-hidden /> New Matches
          {total !== undefined && total > 0 && (
            <span
              className="rounded-full bg-primary px-2 py-0.5 text-xs font-semibold text-primary-foreground"
              data-testid="new-matches-count"
            >
              {total}
            </span>
          )}
        </>
      }
      viewAllTo={paths.matches.to()}
      query={query}
      errorText="New matches could not be loaded."
      isEmpty={matches.length === 0}
      empty={
        <EmptyState
          compact
          icon={Handshake}
          data-testid="no-new-matches"
          message="No new matches yet: they appear here when listings and client requirements fit."
        />
      }
    >
      <ul className="grid min-w-0 gap-2">
        {matches.map((match) => {
          const side = matchSideFor(match, userId)
          return (
            <li key={match.id} className="grid min-w-0 gap-1.5 rounded-lg border border-border p-3" data-testid="new-match">
              <div className="flex min-w-0 items-center gap-2">
                <ScoreBadge score={match.matchScore} className="shrink-0 px-2 text-xs" />
                <p className="truncate text-sm font-medium text-foreground" title={match.property.title}>
                  {match.property.title}
                </p>
              </div>
              <div className="flex min-w-0 items-center justify-between gap-2">
                <p className="truncate text-xs text-muted-foreground">
                  {side === 'buyer' ? `For your client ${match.requirement.clientName}` : `Buyer: ${match.requirement.clientName}`}
                </p>
                <Button variant="outline" size="sm" onClick={() => onView(match, side)} aria-label={`View match ${match.property.title}`}>
                  <Eye /> View
                </Button>
              </div>
            </li>
          )
        })}
      </ul>
    </DashboardListCard>
  )
}
