import { PropertyTypeIcon } from '@/components/property-type-icon'
import type { Property } from '@/lib/api-schemas'
import { cardImageUrl } from '@/lib/media'
import { cn } from '@/lib/utils'

/** The cover (first photo) of a listing in its card size, or its type icon on a tinted placeholder. */
export function PropertyImage({
  property,
  className,
  iconClassName,
}: {
  property: Pick<Property, 'images' | 'propertyType' | 'title'>
  className?: string
  iconClassName?: string
}) {
  const src = property.images?.[0]
  if (src) return <img src={cardImageUrl(src)} alt={property.title} loading="lazy" className={cn('object-cover', className)} />
  return (
    <div
      className={cn('flex items-center justify-center bg-muted text-muted-foreground', className)}
      data-testid="property-image-placeholder"
    >
      <PropertyTypeIcon type={property.propertyType} className={cn('size-8', iconClassName)} />
    </div>
  )
}
