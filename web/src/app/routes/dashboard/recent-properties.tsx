import { Home, Plus } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { DASHBOARD_LIST_SIZE, DashboardListCard } from '@/app/routes/dashboard/dashboard-list-card'
import { useRecentProperties } from '@/features/properties/api/get-my-properties'
import { PropertyCard } from '@/features/properties/components/property-card'
import { EmptyState } from '@/components/empty-state'
import { paths } from '@/app/paths'

/** Mobile: the caller's 3 newest listings (GET /api/properties?limit=3), mobile card layout. */
export function RecentProperties({ onAddProperty }: { onAddProperty: () => void }) {
  const query = useRecentProperties(DASHBOARD_LIST_SIZE)
  const properties = (query.data ?? []).slice(0, DASHBOARD_LIST_SIZE)
  return (
    <DashboardListCard
      data-testid="recent-properties"
      compact
      title="Recent Properties"
      viewAllTo={paths.properties.to()}
      query={query}
      errorText="Your properties could not be loaded."
      isEmpty={properties.length === 0}
      empty={
        <EmptyState
          compact
          icon={Home}
          message="No properties yet."
          action={
            <Button size="sm" onClick={onAddProperty}>
              <Plus /> Add Property
            </Button>
          }
        />
      }
    >
      {properties.map((property) => (
        <PropertyCard key={property.id} property={property} layout="mobile" />
      ))}
    </DashboardListCard>
  )
}
