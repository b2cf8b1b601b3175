import * as React from 'react'
import { FileText, Home, Users } from 'lucide-react'
import { Link, useLocation } from 'react-router'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { isNewAccount, useAuth } from '@/lib/auth'
import { MarketplaceCard } from '@/app/routes/dashboard/marketplace-card'
import { MobileTiles } from '@/app/routes/dashboard/mobile-tiles'
import { NewMatchesCard } from '@/app/routes/dashboard/new-matches-card'
import { QuickActionsCard } from '@/app/routes/dashboard/quick-actions-card'
import { RecentMessagesCard } from '@/app/routes/dashboard/recent-messages-card'
import { RecentProperties } from '@/app/routes/dashboard/recent-properties'
import { useDashboardStats } from '@/shared/dashboard-stats'
import type { Match, User } from '@/lib/api-schemas'
import type { MatchSide } from '@/shared/contact'
import { useIsDesktop } from '@/lib/use-media-query'
import { RecommendedServicesCard } from '@/features/advertisements/components/recommended-services-card'
import { paths } from '@/app/paths'

// The dialogs (forms with zod, react-hook-form and the city lists; the match dialog with
// libphonenumber) load when first opened, so the dashboard itself stays small.
const PropertyFormDialog = React.lazy(() =>
  import('@/features/properties/components/property-form-dialog').then((m) => ({ default: m.PropertyFormDialog })),
)
const RequirementFormDialog = React.lazy(() =>
  import('@/features/requirements/components/requirement-form-dialog').then((m) => ({ default: m.RequirementFormDialog })),
)
const MatchDetailsDialog = React.lazy(() =>
  import('@/features/matches/components/match-details-dialog').then((m) => ({ default: m.MatchDetailsDialog })),
)

type DialogKind = 'property' | 'requirement' | 'match'

function agentTypeLabel(agentType: User['agentType'] | undefined) {
  if (agentType === 'both') return 'Buyer & seller agent'
  return agentType === 'buyer' ? 'Buyer agent' : 'Seller agent'
}

/**
 * The greeting banner. The greeting and the button row are flex items of a wrapping row:
 * each keeps its natural one-line width, so at 1280 px both sit on one line, and when
 * they do not fit the buttons move below as a whole row instead of wrapping one by one.
 */
function Banner({
  user,
  onAddProperty,
  onPostRequirement,
}: {
  user: User | null
  onAddProperty: () => void
  onPostRequirement: () => void
}) {
  // Right after registration the agent is new here: 'Welcome', not 'Welcome back'.
  const greeting = isNewAccount(useLocation().state) ? 'Welcome' : 'Welcome back'
  return (
    <section
      className="flex flex-wrap items-center justify-between gap-4 rounded-xl bg-gradient-to-br from-brand to-brand-end p-6 text-brand-foreground"
      data-testid="dashboard-banner"
    >
      <div className="min-w-0">
        <h1 className="text-2xl font-bold tracking-tight" data-testid="dashboard-greeting">
          {greeting}, <span className="whitespace-nowrap">{user?.fullName}</span>
        </h1>
        <p className="mt-1 text-brand-foreground/80">
          {user?.city && user?.state ? `${user.city}, ${user.state} · ` : ''}
          {agentTypeLabel(user?.agentType)}
        </p>
      </div>
      {/* On a phone the buttons are one full-width column, each as wide as the others (issue 25). */}
      <div
        className="grid w-full shrink-0 grid-cols-1 gap-2 sm:flex sm:w-auto sm:max-w-full sm:flex-wrap [&>*]:w-full sm:[&>*]:w-auto"
        data-testid="dashboard-actions"
      >
        <Button variant="secondary" onClick={onAddProperty}>
          <Home /> Add Property
        </Button>
        <Button variant="secondary" onClick={onPostRequirement}>
          <FileText /> Post Client Requirement
        </Button>
        <Button asChild variant="secondary">
          <Link to={paths.agents.to()}>
            <Users /> Find Agents
          </Link>
        </Button>
      </div>
    </section>
  )
}

/**
 * /dashboard (docs/product.md#dashboard): greeting and actions; on desktop (768 px and up) the
 * marketplace with New Matches, Recent Messages and Quick Actions, on mobile count tiles and
 * Recent Properties. Recommended Services (the adverts targeted at the agent) comes after the agent's own
 * work at every width: last of the side cards on desktop, after Recent Properties on mobile.
 */
export function DashboardPage() {
  const { user, isLoading: userLoading } = useAuth()
  const stats = useDashboardStats({ enabled: !!user })
  const isDesktop = useIsDesktop()
  const [dialog, setDialog] = React.useState<DialogKind | null>(null)
  // A dialog stays mounted after its first opening (and the match after closing), so it can animate closed.
  const [mounted, setMounted] = React.useState<ReadonlySet<DialogKind>>(() => new Set())
  const [selected, setSelected] = React.useState<{ match: Match; side: MatchSide } | null>(null)

  React.useEffect(() => {
    document.title = 'Dashboard · PropMatch'
  }, [])

  const open = (kind: DialogKind) => {
    setMounted((prev) => (prev.has(kind) ? prev : new Set(prev).add(kind)))
    setDialog(kind)
  }
  const close = (isOpen: boolean) => {
    if (!isOpen) setDialog(null)
  }
  const addProperty = () => open('property')
  const postRequirement = () => open('requirement')
  const viewMatch = (match: Match, side: MatchSide) => {
    setSelected({ match, side })
    open('match')
  }

  if (userLoading || (user && stats.isPending)) {
    return (
      <div className="flex items-center justify-center gap-2 py-16 text-muted-foreground" data-testid="dashboard-loading">
        <Spinner className="size-6" /> Loading dashboard...
      </div>
    )
  }

  return (
    <div className="mx-auto grid max-w-6xl gap-6">
      <Banner user={user} onAddProperty={addProperty} onPostRequirement={postRequirement} />

      {isDesktop ? (
        <>
          {/* The agent's own work first (issue 25): the marketplace straight under the greeting, then New
              Matches, Recent Messages and Quick Actions, and the adverts last: the side column from 1280 px,
              two even columns of two cards from 1024 px, one column below. */}
          <div className="grid gap-6 xl:grid-cols-[minmax(0,1fr)_20rem]">
            <div className="min-w-0">
              <MarketplaceCard />
            </div>
            <div className="grid min-w-0 content-start gap-6 lg:grid-cols-2 xl:grid-cols-1 [&>*]:min-w-0" data-testid="dashboard-side">
              {user && <NewMatchesCard userId={user.id} total={stats.data?.newMatches} onView={viewMatch} />}
              {user && <RecentMessagesCard userId={user.id} />}
              <QuickActionsCard onAddProperty={addProperty} onPostRequirement={postRequirement} />
              {user && <RecommendedServicesCard form="rail" />}
            </div>
          </div>
        </>
      ) : (
        <>
          <MobileTiles stats={stats.data} />
          <RecentProperties onAddProperty={addProperty} />
          {user && <RecommendedServicesCard form="compact" />}
        </>
      )}

      <React.Suspense fallback={null}>
        {mounted.has('property') && <PropertyFormDialog open={dialog === 'property'} onOpenChange={close} />}
        {mounted.has('requirement') && <RequirementFormDialog open={dialog === 'requirement'} onOpenChange={close} />}
        {mounted.has('match') && (
          <MatchDetailsDialog
            match={selected?.match ?? null}
            side={selected?.side ?? 'buyer'}
            open={dialog === 'match'}
            onOpenChange={close}
          />
        )}
      </React.Suspense>
    </div>
  )
}
