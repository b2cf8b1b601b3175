import { Building, Home, LandPlot, Store, Tractor, type LucideIcon } from 'lucide-react'
import type { PropertyType } from '@/lib/api-schemas'

export const propertyTypeIcons: Record<PropertyType, LucideIcon> = {
  apartment: Building,
  villa: Home,
  plot: LandPlot,
  agricultural: Tractor,
  commercial: Store,
}

/** The icon of a property type (a building for unknown types). */
export function PropertyTypeIcon({ type, ...props }: { type: string } & React.ComponentProps<LucideIcon>) {
  const Icon = propertyTypeIcons[type as PropertyType] ?? Building
  return <Icon aria-hidden {...props} />
}
