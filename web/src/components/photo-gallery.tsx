import * as React from 'react'
import { ChevronLeft, ChevronRight } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { cardImageUrl } from '@/lib/media'
import { cn } from '@/lib/utils'

type PhotoGalleryProps = {
  /** Photo URLs in order; the first is the cover. */
  photos: string[]
  /** Names the photos: "<title>, photo 2 of 5". */
  title: string
  className?: string
}

/**
 * A listing's photos, one at a time. The strip scrolls with CSS scroll snapping, so a phone swipes it
 * natively; the arrows, the thumbnails and the arrow keys move it too, and the counter follows.
 */
export function PhotoGallery({ photos, title, className }: PhotoGalleryProps) {
  const strip = React.useRef<HTMLDivElement>(null)
  const [index, setIndex] = React.useState(0)
  const count = photos.length

  const go = (i: number) => {
    const next = Math.max(0, Math.min(count - 1, i))
    setIndex(next)
    const el = strip.current
    el?.scrollTo?.({ left: next * el.clientWidth, behavior: 'smooth' })
  }
  // A swipe scrolls the strip: the photo most in view is the current one.
  const onScroll = () => {
    const el = strip.current
    if (el && el.clientWidth > 0) setIndex(Math.max(0, Math.min(count - 1, Math.round(el.scrollLeft / el.clientWidth))))
  }
  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'ArrowRight') go(index + 1)
    else if (event.key === 'ArrowLeft') go(index - 1)
    else return
    event.preventDefault()
  }

  if (count === 0) return null
  return (
    <section
      className={cn('grid gap-2', className)}
      aria-roledescription="carousel"
      aria-label={`${title} photos`}
      data-testid="photo-gallery"
    >
      <div className="relative">
        {/* A scrolling region must be reachable by keyboard (axe: scrollable-region-focusable); the arrow keys move it. */}
        {/* eslint-disable jsx-a11y/no-noninteractive-element-interactions, jsx-a11y/no-noninteractive-tabindex -- see above */}
        <div
          ref={strip}
          role="group"
          className="flex snap-x snap-mandatory overflow-x-auto overscroll-x-contain rounded-lg bg-muted outline-none [scrollbar-width:none] focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
          onScroll={onScroll}
          onKeyDown={onKeyDown}
          tabIndex={0}
          aria-label="Photos; use the arrow keys to move"
        >
          {photos.map((src, i) => (
            <img
              key={`${i}:${src}`}
              src={src}
              alt={`${title}, photo ${i + 1} of ${count}`}
              loading={i === 0 ? 'eager' : 'lazy'}
              className="aspect-[3/2] w-full shrink-0 snap-center object-cover"
              aria-hidden={i !== index}
            />
          ))}
        </div>
        {/* eslint-enable jsx-a11y/no-noninteractive-element-interactions, jsx-a11y/no-noninteractive-tabindex */}
        {count > 1 && (
          <>
            <Button
              variant="secondary"
              size="icon"
              className="absolute top-1/2 left-2 size-9 -translate-y-1/2 rounded-full bg-card/90 shadow"
              aria-label="Previous photo"
              disabled={index === 0}
              onClick={() => go(index - 1)}
            >
              <ChevronLeft />
            </Button>
            <Button
              variant="secondary"
              size="icon"
              className="absolute top-1/2 right-2 size-9 -translate-y-1/2 rounded-full bg-card/90 shadow"
              aria-label="Next photo"
              disabled={index === count - 1}
              onClick={() => go(index + 1)}
            >
              <ChevronRight />
            </Button>
            <span
              className="absolute right-2 bottom-2 rounded bg-overlay/70 px-2 py-0.5 text-xs text-overlay-foreground"
              data-testid="photo-counter"
            >
              {index + 1} / {count}
            </span>
          </>
        )}
      </div>
      {count > 1 && (
        <div className="flex gap-2 overflow-x-auto pb-1">
          {photos.map((src, i) => (
            <button
              key={`${i}:${src}`}
              type="button"
              onClick={() => go(i)}
              aria-label={`Show photo ${i + 1}`}
              aria-current={i === index}
              className={cn(
                'h-12 w-16 shrink-0 overflow-hidden rounded border-2',
                i === index ? 'border-primary' : 'border-transparent opacity-70 hover:opacity-100',
              )}
            >
              <img src={cardImageUrl(src)} alt="" className="size-full object-cover" />
            </button>
          ))}
        </div>
      )}
    </section>
  )
}
