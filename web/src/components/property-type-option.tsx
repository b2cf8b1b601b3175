import { RadioGroupItem } from '@/components/ui/radio-group'
import { PropertyTypeIcon } from '@/components/property-type-icon'
import { propertyTypeLabel } from '@/shared/listing-vocabulary'

/**
 * One property type in a radio grid, drawn as a tile: the radio in the top-left corner, the type's
 * icon (fixed size, never squeezed) and the label centred under it, free to wrap. Five tiles fit a
 * row of a max-w-2xl dialog with "Agricultural" and "Commercial" whole.
 */
export function PropertyTypeOption({ id, type }: { id: string; type: string }) {
  return (
    <label
      htmlFor={id}
      className="relative flex min-w-0 cursor-pointer flex-col items-center gap-1.5 rounded-md border border-border px-2 pt-3 pb-2.5 text-center text-sm has-[[data-state=checked]]:border-primary has-[[data-state=checked]]:bg-accent"
    >
      <RadioGroupItem id={id} value={type} className="absolute top-2 left-2" />
      <PropertyTypeIcon type={type} className="size-5 shrink-0 text-muted-foreground" />
      <span className="max-w-full leading-tight break-normal hyphens-none">{propertyTypeLabel(type)}</span>
    </label>
  )
}
