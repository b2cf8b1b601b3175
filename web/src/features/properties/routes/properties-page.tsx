import * as React from 'react'
import { FileUp, Home, Plus, SearchX } from 'lucide-react'
import { Link } from 'react-router'
import { paths } from '@/app/paths'
import { LoadMore, LoadedOnlyHint } from '@/components/load-more'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { Spinner } from '@/components/ui/spinner'
import { useDashboardStats } from '@/shared/dashboard-stats'
import { useMyProperties } from '@/features/properties/api/get-my-properties'
import { DuplicateNotice } from '@/features/properties/components/duplicate-notice'
import { DeletePropertyDialog } from '@/features/properties/components/delete-property-dialog'
import { PropertyCard } from '@/features/properties/components/property-card'
import { PropertyCounters } from '@/features/properties/components/property-counters'
import { PropertyDetailDialog } from '@/features/properties/components/property-detail-dialog'
import { PropertyFiltersBar } from '@/features/properties/components/property-filters-bar'
import { emptyFilters, filterProperties, type PropertyFilters } from '@/features/properties/lib/filter-properties'
import type { Property } from '@/lib/api-schemas'
import { pageItems } from '@/lib/paged-query'
import { useOpenLinked } from '@/lib/use-open-linked'
import { OnceOpened } from '@/components/once-opened'
import { EmptyState } from '@/components/empty-state'
import { ShareCheckbox, ShareSelectionBar, useShareSelection } from '@/components/share-with-client'

// The form (zod, react-hook-form, the state and city lists) loads when first opened.
const PropertyFormDialog = React.lazy(() =>
  import('@/features/properties/components/property-form-dialog').then((m) => ({ default: m.PropertyFormDialog })),
)

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
  // The listing just saved, while it has possible duplicates to tell about (docs/product.md#duplicate-listings).
  const [saved, setSaved] = React.useState<Property | null>(null)
  const [viewing, setViewing] = React.useState<Property | null>(null)
  const [deleting, setDeleting] = React.useState<Property | null>(null)
  const share = useShareSelection()

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
  // ?listing=ID (a seller-side match card links here) opens that listing's details.
  useOpenLinked('listing', properties, all, setViewing)
  const visible = React.useMemo(() => filterProperties(all, filters), [all, filters])

  let content: React.ReactNode
  if (properties.isLoading) {
    content = (
      <div className="flex items-center justify-center gap-2 py-16 text-muted-foreground">
        <Spinner className="size-6" /> Loading properties...
      </div>
    )
  } else if (properties.isError) {
    content = (
      <Card>
        <EmptyState icon={SearchX} role="alert" message={`Your properties could not be loaded: ${properties.error.message}`} />
      </Card>
    )
  } else if (all.length === 0) {
    content = (
      <Card>
        <EmptyState
          icon={Home}
          data-testid="properties-empty"
          message="No properties yet: list one for sale, rent or lease and it is matched with client requirements automatically."
          action={
            <Button onClick={openAdd}>
              <Plus /> Add Property
            </Button>
          }
        />
      </Card>
    )
  } else if (visible.length === 0) {
    content = (
      <Card>
        <EmptyState
          icon={SearchX}
          message="No properties match your search and filters."
          action={
            <Button variant="outline" onClick={() => setFilters(emptyFilters)}>
              Clear filters
            </Button>
          }
        />
      </Card>
    )
  } else {
    content = (
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" data-testid="property-list">
        {visible.map((property, index) => (
          <div key={property.id} className="relative grid">
            <PropertyCard property={property} sequence={index + 1} onView={setViewing} onEdit={openEdit} onDelete={setDeleting} />
            {property.isActive && <ShareCheckbox selection={share} id={property.id} label={property.title} />}
          </div>
        ))}
      </div>
    )
  }
  const loaded = properties.isSuccess && all.length > 0

  return (
    <div className="mx-auto grid max-w-6xl gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-foreground">My Properties</h1>
          <p className="text-sm text-muted-foreground">Your listings for sale, rent and lease.</p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {loaded && <ShareSelectionBar selection={share} />}
          <Button asChild variant="outline">
            <Link to={paths.imports.to({ kind: 'listings' })}>
              <FileUp /> Import
            </Link>
          </Button>
          <Button onClick={openAdd}>
            <Plus /> Add Property
          </Button>
        </div>
      </div>
      {saved && <DuplicateNotice saved={saved} onDismiss={() => setSaved(null)} />}
      {loaded && stats && <PropertyCounters total={stats.properties} byType={stats.propertyTypes} />}
      {loaded && <PropertyFiltersBar value={filters} onChange={setFilters} />}
      {loaded && <LoadedOnlyHint query={properties} count={all.length} noun="listings" />}
      {content}
      {loaded && <LoadMore query={properties} />}
      <OnceOpened open={formOpen}>
        <PropertyFormDialog open={formOpen} onOpenChange={setFormOpen} property={editing} onSaved={setSaved} />
      </OnceOpened>
      <PropertyDetailDialog property={viewing} open={!!viewing} onOpenChange={(open) => !open && setViewing(null)} onEdit={openEdit} />
      <DeletePropertyDialog property={deleting} onOpenChange={(open) => !open && setDeleting(null)} />
    </div>
  )
}
