import * as React from 'react'
import { Home, Plus, SearchX } from 'lucide-react'
import { useSearchParams } from 'react-router'
import { LoadMore, LoadedOnlyHint } from '@/components/load-more'
import { Button } from '@/components/ui/button'
import { Card, CardContent } from '@/components/ui/card'
import { Spinner } from '@/components/ui/spinner'
import { useDashboardStats } from '@/lib/dashboard-stats'
import { useMyProperties } from '@/features/properties/api/get-my-properties'
import { DeletePropertyDialog } from '@/features/properties/components/delete-property-dialog'
import { PropertyCard } from '@/features/properties/components/property-card'
import { PropertyCounters } from '@/features/properties/components/property-counters'
import { PropertyDetailDialog } from '@/features/properties/components/property-detail-dialog'
import { PropertyFiltersBar } from '@/features/properties/components/property-filters-bar'
import { PropertyFormDialog } from '@/features/properties/components/property-form-dialog'
import { emptyFilters, filterProperties, type PropertyFilters } from '@/features/properties/lib/filter-properties'
import type { Property } from '@/lib/api-schemas'
import { pageItems } from '@/lib/paged-query'

function EmptyState({ icon: Icon, title, text, action }: { icon: typeof Home; title: string; text: string; action?: React.ReactNode }) {
  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-3 p-10 text-center">
        <span className="flex size-12 items-center justify-center rounded-full bg-blue-50 text-blue-600">
          <Icon className="size-6" aria-hidden />
        </span>
        <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
        <p className="max-w-sm text-sm text-slate-500">{text}</p>
        {action}
      </CardContent>
    </Card>
  )
}

/**
 * Opens the listing named by ?listing=ID (a seller-side match card links here), loading further pages
 * until it is found; the parameter is dropped once handled, so closing the dialog stays closed.
 */
function useOpenLinkedListing(properties: ReturnType<typeof useMyProperties>, all: Property[], open: (p: Property) => void) {
  const [params, setParams] = useSearchParams()
  const wanted = Number(params.get('listing')) || 0
  const { isSuccess, hasNextPage, isFetchingNextPage, fetchNextPage } = properties
  React.useEffect(() => {
    if (!wanted || !isSuccess || isFetchingNextPage) return
    const found = all.find((p) => p.id === wanted)
    if (!found && hasNextPage) {
      void fetchNextPage()
      return
    }
    if (found) open(found)
    setParams(
      (prev) => {
        prev.delete('listing')
        return prev
      },
      { replace: true },
    )
  }, [wanted, isSuccess, isFetchingNextPage, hasNextPage, fetchNextPage, all, open, setParams])
}

/**
 * /properties: the agent's own listings with search, filters, counters and add / view / edit / delete.
 * The list loads page by page (Load more); search and filters work on the loaded listings, while the
 * counters come from /api/dashboard/stats so they count every listing.
 */
export function PropertiesPage() {
  const properties = useMyProperties()
  const stats = useDashboardStats().data
  const [filters, setFilters] = React.useState<PropertyFilters>(emptyFilters)
  const [formOpen, setFormOpen] = React.useState(false)
  const [editing, setEditing] = React.useState<Property | null>(null)
  const [viewing, setViewing] = React.useState<Property | null>(null)
  const [deleting, setDeleting] = React.useState<Property | null>(null)

  React.useEffect(() => {
    document.title = 'My Properties · PropMatch'
  }, [])

  const openAdd = () => {
    setEditing(null)
    setFormOpen(true)
  }
  const openEdit = (property: Property) => {
    setViewing(null)
    setEditing(property)
    setFormOpen(true)
  }

  const all = React.useMemo(() => pageItems(properties.data), [properties.data])
  useOpenLinkedListing(properties, all, setViewing)
  const visible = React.useMemo(() => filterProperties(all, filters), [all, filters])

  let content: React.ReactNode
  if (properties.isLoading) {
    content = (
      <div className="flex items-center justify-center gap-2 py-16 text-slate-500">
        <Spinner className="size-6" /> Loading properties...
      </div>
    )
  } else if (properties.isError) {
    content = <EmptyState icon={SearchX} title="Could not load your properties" text={properties.error.message} />
  } else if (all.length === 0) {
    content = (
      <EmptyState
        icon={Home}
        title="No properties yet"
        text="List your first property for sale, rent or lease; it is matched with buyer agents' requirements automatically."
        action={
          <Button onClick={openAdd}>
            <Plus /> Add Property
          </Button>
        }
      />
    )
  } else if (visible.length === 0) {
    content = (
      <EmptyState
        icon={SearchX}
        title="No matching properties"
        text="Try another search or clear the filters."
        action={
          <Button variant="outline" onClick={() => setFilters(emptyFilters)}>
            Clear filters
          </Button>
        }
      />
    )
  } else {
    content = (
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" data-testid="property-list">
        {visible.map((property, index) => (
          <PropertyCard
            key={property.id}
            property={property}
            sequence={index + 1}
            onView={setViewing}
            onEdit={openEdit}
            onDelete={setDeleting}
          />
        ))}
      </div>
    )
  }
  const loaded = properties.isSuccess && all.length > 0

  return (
    <div className="mx-auto grid max-w-6xl gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">My Properties</h1>
          <p className="text-sm text-slate-500">Your listings for sale, rent and lease.</p>
        </div>
        <Button onClick={openAdd}>
          <Plus /> Add Property
        </Button>
      </div>
      {loaded && stats && <PropertyCounters total={stats.properties} byType={stats.propertyTypes} />}
      {loaded && <PropertyFiltersBar value={filters} onChange={setFilters} />}
      {loaded && <LoadedOnlyHint query={properties} count={all.length} noun="listings" />}
      {content}
      {loaded && <LoadMore query={properties} />}
      <PropertyFormDialog open={formOpen} onOpenChange={setFormOpen} property={editing} />
      <PropertyDetailDialog property={viewing} open={!!viewing} onOpenChange={(open) => !open && setViewing(null)} onEdit={openEdit} />
      <DeletePropertyDialog property={deleting} onOpenChange={(open) => !open && setDeleting(null)} />
    </div>
  )
}
