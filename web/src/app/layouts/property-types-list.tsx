import { PropertyTypeIcon } from '@/components/property-type-icon'
import type { PropertyTypeCounts } from '@/lib/api-schemas'
import { propertyTypeLabel, SIDEBAR_PROPERTY_TYPES } from '@/shared/listing-vocabulary'

/** The sidebar's Property Types list: how many of the agent's listings are of each type. */
export function PropertyTypesList({ counts }: { counts: PropertyTypeCounts }) {
  return (
    <section
      className="mt-4 border-t border-border px-3 pt-4"
      aria-labelledby="sidebar-property-types"
      data-testid="sidebar-property-types"
    >
      <h2 id="sidebar-property-types" className="mb-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
        Property Types
      </h2>
      <ul className="grid gap-1">
        {SIDEBAR_PROPERTY_TYPES.map((type) => (
          <li key={type} className="flex items-center justify-between text-sm text-subtle-foreground" data-testid={`sidebar-type-${type}`}>
            <span className="flex items-center gap-2">
              <PropertyTypeIcon type={type} className="size-3.5" />
              {propertyTypeLabel(type)}
            </span>
            <span className="font-medium text-foreground">{counts[type]}</span>
          </li>
        ))}
      </ul>
    </section>
  )
}
