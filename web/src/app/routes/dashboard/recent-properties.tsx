import { Plus } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { DASHBOARD_LIST_SIZE, DashboardListCard } from '@/app/routes/dashboard/dashboard-list-card'
import { useRecentProperties } from '@/features/properties/api/get-my-properties'
import { PropertyCard } from '@/features/properties/components/property-card'

/** Mobile: the caller's 3 newest listings (GET /api/properties?limit=3), mobile card layout. */
export function RecentProperties({ onAddProperty }: { onAddProperty: () => void }) {
  const query = useRecentProperties(DASHBOARD_LIST_SIZE)
  const properties = (query.data ?? []).slice(0, DASHBOARD_LIST_SIZE)
  return (
    <DashboardListCard
      data-testid="recent-properties"
      compact
      title="Recent Properties"
      viewAllTo="/properties"
      query={query}
      errorText="Your properties could not be loaded."
      isEmpty={properties.length === 0}
      empty={
        <div className="grid justify-items-center gap-2 py-4 text-center">
          <p className="text-sm text-slate-500">No properties yet</p>
          <Button size="sm" onClick={onAddProperty}>
            <Plus /> Add Property
          </Button>
        </div>
      }
    >
      {properties.map((property) => (
        <PropertyCard key={property.id} property={property} layout="mobile" />
      ))}
    </DashboardListCard>
  )
}
