import { Clock, Gem, IndianRupee, Zap } from 'lucide-react'
import { Card } from '@/components/ui/card'
import { requirementTiles } from '@/features/requirements/lib/requirement-filters'
import type { Requirement } from '@/lib/api-schemas'

/** The four summary tiles of My Requirements. */
export function RequirementTiles({ requirements }: { requirements: Requirement[] }) {
  const counts = requirementTiles(requirements)
  const tiles = [
    { label: 'Immediate', value: counts.immediate, icon: Zap, tone: 'text-destructive bg-destructive/10' },
    { label: 'Within 1 Month', value: counts.withinMonth, icon: Clock, tone: 'text-warning bg-warning/10' },
    { label: 'High Budget', value: counts.high, hint: 'Above 1Cr', icon: Gem, tone: 'text-success bg-success/10' },
    { label: 'Mid Budget', value: counts.mid, hint: '25L - 1Cr', icon: IndianRupee, tone: 'text-primary bg-accent' },
  ]
  return (
    <div className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {tiles.map(({ label, value, hint, icon: Icon, tone }) => (
        <Card key={label} className="flex items-center gap-3 p-4" data-testid={`tile-${label}`}>
          <span className={`flex size-10 items-center justify-center rounded-full ${tone}`}>
            <Icon className="size-5" aria-hidden />
          </span>
          <div>
            <p className="text-2xl font-bold text-foreground" data-testid="tile-value">
              {value}
            </p>
            <p className="text-sm text-subtle-foreground">
              {label}
              {hint && <span className="block text-xs text-muted-foreground">{hint}</span>}
            </p>
          </div>
        </Card>
      ))}
    </div>
  )
}
