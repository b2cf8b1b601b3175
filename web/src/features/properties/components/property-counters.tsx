import { PropertyTypeIcon } from '@/components/property-type-icon'
import type { PropertyTypeCounts } from '@/lib/api-schemas'
import { PROPERTY_TYPES, propertyTypeLabel } from '@/shared/listing-vocabulary'

/**
 * Tiles with the total number of listings and the number per type. The counts come
 * from /api/dashboard/stats, so they cover every listing, not only the loaded pages.
 */
export function PropertyCounters({ total, byType }: { total: number; byType: PropertyTypeCounts }) {
  const tiles = [
    { key: 'total', label: 'Total', count: total },
    ...PROPERTY_TYPES.map((type) => ({ key: type, label: propertyTypeLabel(type), count: byType[type] ?? 0 })),
  ]
  return (
    <div className="grid grid-cols-3 gap-2 sm:grid-cols-6" data-testid="property-counters">
      {tiles.map((tile) => (
        <div key={tile.key} className="rounded-lg border border-border bg-card p-3" data-testid={`counter-${tile.key}`}>
          <div className="flex items-center gap-1.5 text-xs text-muted-foreground">
            {tile.key !== 'total' && <PropertyTypeIcon type={tile.key} className="size-3.5" />}
            {tile.label}
          </div>
          <div className="text-xl font-bold text-foreground">{tile.count}</div>
        </div>
      ))}
    </div>
  )
}
