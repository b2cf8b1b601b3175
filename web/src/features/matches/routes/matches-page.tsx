import * as React from 'react'
import { Handshake, SearchX } from 'lucide-react'
import { Link, useSearchParams } from 'react-router'
import { LoadMore } from '@/components/load-more'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs'
import { useMatches } from '@/features/matches/api/get-matches'
import { MatchCard } from '@/features/matches/components/match-card'
import { MatchDetailsDialog } from '@/features/matches/components/match-details-dialog'
import { MatchFilterBar } from '@/features/matches/components/match-filter-bar'
import {
  filterFor,
  isFiltered,
  matchesViewQuery,
  readMatchesView,
  type MatchListFilter,
  type MatchesView,
} from '@/features/matches/lib/match-view'
import { useDashboardStats } from '@/shared/dashboard-stats'
import type { DashboardStats, Match } from '@/lib/api-schemas'
import type { MatchSide } from '@/shared/contact'
import { pageItems } from '@/lib/paged-query'
import { EmptyState } from '@/components/empty-state'
import { paths } from '@/app/paths'
import { ShareCheckbox, ShareSelectionBar, useShareSelection, type ShareSelection } from '@/components/share-with-client'

const emptyState: Record<MatchSide, { message: string; to: string; action: string }> = {
  buyer: {
    message: 'No buyer matches yet: post more requirements to get property matches.',
    to: paths.requirements.to(),
    action: 'My Requirements',
  },
  seller: {
    message: 'No seller matches yet: add more properties to get buyer requirement matches.',
    to: paths.properties.to(),
    action: 'My Properties',
  },
}

type MatchListProps = {
  side: MatchSide
  query: ReturnType<typeof useMatches>
  filtered: boolean
  onClear: () => void
  onDetails: (m: Match) => void
  /** Buyer side: the "Share with client" selection over the matched listings. */
  share?: ShareSelection
}

function MatchList({ side, query, filtered, onClear, onDetails, share }: MatchListProps) {
  if (query.isPending) {
    return (
      <div className="flex items-center justify-center gap-2 py-12 text-muted-foreground">
        <Spinner className="size-5" /> Loading matches...
      </div>
    )
  }
  if (query.isError) {
    return (
      <p className="py-12 text-center text-destructive" role="alert">
        Failed to load matches: {query.error.message}
      </p>
    )
  }
  const matches = pageItems(query.data)
  if (matches.length === 0 && filtered) {
    return (
      <EmptyState
        icon={SearchX}
        data-testid={`no-filtered-${side}`}
        message="No matches fit these filters."
        action={
          <Button variant="outline" onClick={onClear}>
            Clear filters
          </Button>
        }
      />
    )
  }
  if (matches.length === 0) {
    return (
      <EmptyState
        icon={Handshake}
        data-testid={`empty-${side}`}
        message={emptyState[side].message}
        action={
          <Button asChild variant="outline">
            <Link to={emptyState[side].to}>{emptyState[side].action}</Link>
          </Button>
        }
      />
    )
  }
  return (
    <div className="grid gap-4">
      <div className="grid gap-4 lg:grid-cols-2">
        {matches.map((match) => (
          <div key={match.id} className="relative grid">
            <MatchCard match={match} side={side} onDetails={() => onDetails(match)} />
            {share && match.property.isActive && <ShareCheckbox selection={share} id={match.propertyId} label={match.property.title} />}
          </div>
        ))}
      </div>
      <LoadMore query={query} />
    </div>
  )
}

/** The number of matches on one side, from /api/dashboard/stats (every match, not only the loaded pages). */
function CountBadge({ stats, side }: { stats: DashboardStats | undefined; side: MatchSide }) {
  if (!stats) return null
  return (
    <span className="ml-2 rounded-full bg-primary px-2 py-0.5 text-xs font-semibold text-primary-foreground" data-testid="tab-count">
      {side === 'buyer' ? stats.buyerMatches : stats.sellerMatches}
    </span>
  )
}

/**
 * The page's view (tab, order, filters) from its URL query, and a setter that writes it back (replacing
 * the history entry, so Back leaves the page instead of undoing each choice).
 */
function useMatchesView(): [MatchesView, (view: MatchesView) => void] {
  const [params, setParams] = useSearchParams()
  const view = React.useMemo(() => readMatchesView(params), [params])
  const setView = React.useCallback(
    (next: MatchesView) => {
      setParams(new URLSearchParams(paths.matches.to(matchesViewQuery(next)).split('?')[1]), { replace: true })
    },
    [setParams],
  )
  return [view, setView]
}

/**
 * /matches: the agent's matches as buyer agent and as seller agent, page by page (Load more); tab counts
 * from the stats. The tab, the order and the filters live in the URL, and the server sorts and filters.
 */
export function MatchesPage() {
  const [view, setView] = useMatchesView()
  const buyerFilter = filterFor('buyer', view.filter)
  const sellerFilter = filterFor('seller', view.filter)
  const buyer = useMatches('buyer', buyerFilter)
  const seller = useMatches('seller', sellerFilter)
  const stats = useDashboardStats().data
  const [selected, setSelected] = React.useState<{ match: Match; side: MatchSide } | null>(null)
  const setFilter = (filter: MatchListFilter) => setView({ ...view, filter })
  const share = useShareSelection()
  const clear = () => setFilter({ sort: view.filter.sort })

  React.useEffect(() => {
    document.title = 'Matches · PropMatch'
  }, [])

  return (
    <div className="mx-auto grid max-w-6xl gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-foreground">Matches</h1>
        <p className="text-subtle-foreground">Properties matching your clients, and clients matching your listings.</p>
      </div>
      <Tabs value={view.tab} onValueChange={(tab) => setView({ ...view, tab: tab as MatchSide })}>
        <TabsList>
          <TabsTrigger value="buyer">
            As Buyer Agent <CountBadge stats={stats} side="buyer" />
          </TabsTrigger>
          <TabsTrigger value="seller">
            As Seller Agent <CountBadge stats={stats} side="seller" />
          </TabsTrigger>
        </TabsList>
        <TabsContent value="buyer" className="grid gap-4">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <MatchFilterBar side="buyer" filter={view.filter} onChange={setFilter} />
            <ShareSelectionBar selection={share} />
          </div>
          <MatchList
            side="buyer"
            share={share}
            query={buyer}
            filtered={isFiltered(buyerFilter)}
            onClear={clear}
            onDetails={(match) => setSelected({ match, side: 'buyer' })}
          />
        </TabsContent>
        <TabsContent value="seller" className="grid gap-4">
          <MatchFilterBar side="seller" filter={view.filter} onChange={setFilter} />
          <MatchList
            side="seller"
            query={seller}
            filtered={isFiltered(sellerFilter)}
            onClear={clear}
            onDetails={(match) => setSelected({ match, side: 'seller' })}
          />
        </TabsContent>
      </Tabs>
      <MatchDetailsDialog
        match={selected?.match ?? null}
        side={selected?.side ?? 'buyer'}
        open={!!selected}
        onOpenChange={(open) => !open && setSelected(null)}
      />
    </div>
  )
}
