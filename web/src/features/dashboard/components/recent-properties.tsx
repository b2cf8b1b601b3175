import { ArrowRight, Plus } from 'lucide-react'
import { Link } from 'react-router'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { Spinner } from '@/components/ui/spinner'
import { DASHBOARD_LIST_SIZE } from '@/features/dashboard/components/new-matches-card'
import { useRecentProperties } from '@/features/properties/api/get-my-properties'
import { PropertyCard } from '@/features/properties/components/property-card'

/** Mobile: the caller's 3 newest listings (GET /api/properties?limit=3), mobile card layout. */
export function RecentProperties({ onAddProperty }: { onAddProperty: () => void }) {
  const query = useRecentProperties(DASHBOARD_LIST_SIZE)
  const properties = (query.data ?? []).slice(0, DASHBOARD_LIST_SIZE)
  return (
    <Card data-testid="recent-properties">
      <CardHeader className="flex-row items-center justify-between space-y-0 p-4 pb-2">
        <CardTitle className="text-base">Recent Properties</CardTitle>
        <Button asChild variant="link" size="sm" className="h-auto px-0">
          <Link to="/properties">
            View all <ArrowRight />
          </Link>
        </Button>
      </CardHeader>
      <CardContent className="grid gap-2 p-4 pt-0">
        {query.isPending ? (
          <div className="flex justify-center py-4">
            <Spinner className="size-5" />
          </div>
        ) : query.isError ? (
          <p className="text-sm text-slate-500">Your properties could not be loaded.</p>
        ) : properties.length === 0 ? (
          <div className="grid justify-items-center gap-2 py-4 text-center">
            <p className="text-sm text-slate-500">No properties yet</p>
            <Button size="sm" onClick={onAddProperty}>
              <Plus /> Add Property
            </Button>
          </div>
        ) : (
          properties.map((property) => <PropertyCard key={property.id} property={property} layout="mobile" />)
        )}
      </CardContent>
    </Card>
  )
}
