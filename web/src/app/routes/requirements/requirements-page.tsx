import * as React from 'react'
import { FileText, FileUp, Plus } from 'lucide-react'
import { Link } from 'react-router'
import { paths } from '@/app/paths'
import { LoadMore, LoadedOnlyHint } from '@/components/load-more'
import { MatchingStatus } from '@/components/matching-status'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { Spinner } from '@/components/ui/spinner'
import { useMyRequirements } from '@/features/requirements/api/get-my-requirements'
import { DeleteRequirementDialog } from '@/features/requirements/components/delete-requirement-dialog'
import { RequirementCard } from '@/features/requirements/components/requirement-card'
import { RequirementDetailsDialog } from '@/features/requirements/components/requirement-details-dialog'
import { RequirementFilterBar } from '@/features/requirements/components/requirement-filter-bar'
import { RequirementMatchesDialog } from '@/features/requirements/components/requirement-matches-dialog'
import { RequirementTiles } from '@/features/requirements/components/requirement-tiles'
import { allFilters, citiesOf, filterRequirements } from '@/features/requirements/lib/requirement-filters'
import type { Match, Requirement } from '@/lib/api-schemas'
import { pageItems } from '@/lib/paged-query'
import { useOpenLinked } from '@/lib/use-open-linked'
import { OnceOpened } from '@/components/once-opened'
import { EmptyState } from '@/components/empty-state'

// The form (zod, react-hook-form, the city lists, the phone validator) and the match dialog load when first opened.
const RequirementFormDialog = React.lazy(() =>
  import('@/features/requirements/components/requirement-form-dialog').then((m) => ({ default: m.RequirementFormDialog })),
)
const MatchDetailsDialog = React.lazy(() =>
  import('@/features/matches/components/match-details-dialog').then((m) => ({ default: m.MatchDetailsDialog })),
)

type Open = { kind: 'form' | 'details' | 'matches' | 'delete'; requirement: Requirement | null } | null

/**
 * /requirements: the agent's client requirements with search, filters, tiles and actions.
 * The list loads page by page (Load more); tiles, search and filters work on the loaded requirements.
 */
export function RequirementsPage() {
  const requirements = useMyRequirements()
  const [filters, setFilters] = React.useState(allFilters)
  const [open, setOpen] = React.useState<Open>(null)
  // A match opened from the matches dialog shows above it; closing it returns to the list.
  const [match, setMatch] = React.useState<Match | null>(null)
  const all = React.useMemo(() => pageItems(requirements.data), [requirements.data])
  const cities = React.useMemo(() => citiesOf(all), [all])
  const shown = React.useMemo(() => filterRequirements(all, filters), [all, filters])

  React.useEffect(() => {
    document.title = 'My Client Requirements · PropMatch'
  }, [])

  const show = (kind: NonNullable<Open>['kind'], requirement: Requirement | null = null) => setOpen({ kind, requirement })
  // ?requirement=ID (a buyer-side match card's "For your client" links here) opens that requirement's details.
  const showDetails = React.useCallback((requirement: Requirement) => setOpen({ kind: 'details', requirement }), [])
  useOpenLinked('requirement', requirements, all, showDetails)
  const close = () => setOpen(null)
  const the = (kind: NonNullable<Open>['kind']) => (open?.kind === kind ? open.requirement : null)

  return (
    <div className="mx-auto grid max-w-6xl gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-foreground">My Client Requirements</h1>
          <p className="text-subtle-foreground">Record what your clients need; matching listings appear automatically.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline">
            <Link to={paths.imports.to({ kind: 'requirements' })}>
              <FileUp /> Import
            </Link>
          </Button>
          <Button onClick={() => show('form')}>
            <Plus /> Post Requirement
          </Button>
        </div>
      </div>

      {requirements.isPending ? (
        <div className="flex items-center justify-center gap-2 py-12 text-muted-foreground">
          <Spinner className="size-5" /> Loading requirements...
        </div>
      ) : requirements.isError ? (
        <p className="py-12 text-center text-destructive" role="alert">
          Failed to load requirements: {requirements.error.message}
        </p>
      ) : all.length === 0 ? (
        <Card>
          <EmptyState
            icon={FileText}
            data-testid="requirements-empty"
            message="No requirements yet: post your client's first requirement to start getting property matches."
            action={
              <Button onClick={() => show('form')}>
                <Plus /> Post Requirement
              </Button>
            }
          />
        </Card>
      ) : (
        <>
          <RequirementTiles requirements={all} />
          <RequirementFilterBar filters={filters} cities={cities} onChange={setFilters} />
          <LoadedOnlyHint query={requirements} count={all.length} noun="requirements" what="Tiles, search and filters" />
          {shown.length === 0 ? (
            <p className="py-10 text-center text-muted-foreground">No matching requirements</p>
          ) : (
            <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
              {shown.map((r) => (
                <RequirementCard
                  key={r.id}
                  requirement={r}
                  onView={() => show('details', r)}
                  onViewMatches={() => show('matches', r)}
                  onEdit={() => show('form', r)}
                  onDelete={() => show('delete', r)}
                  footer={<MatchingStatus progress={r} />}
                />
              ))}
            </div>
          )}
          <LoadMore query={requirements} />
        </>
      )}

      <OnceOpened open={open?.kind === 'form'}>
        <RequirementFormDialog open={open?.kind === 'form'} onOpenChange={(o) => !o && close()} requirement={the('form')} />
      </OnceOpened>
      <RequirementDetailsDialog
        requirement={the('details')}
        open={open?.kind === 'details'}
        onOpenChange={(o) => !o && close()}
        onEdit={(r) => show('form', r)}
        onDelete={(r) => show('delete', r)}
      />
      <RequirementMatchesDialog
        requirement={the('matches')}
        open={open?.kind === 'matches'}
        onOpenChange={(o) => !o && close()}
        onViewMatch={setMatch}
      />
      <OnceOpened open={!!match}>
        <MatchDetailsDialog match={match} side="buyer" open={!!match} onOpenChange={(o) => !o && setMatch(null)} />
      </OnceOpened>
      <DeleteRequirementDialog requirement={the('delete')} onOpenChange={(o) => !o && close()} />
    </div>
  )
}
