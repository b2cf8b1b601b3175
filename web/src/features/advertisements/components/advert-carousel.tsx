import * as React from 'react'
import { ChevronLeft, ChevronRight, Pause, Play } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { useAdvertisements } from '@/features/advertisements/api/get-advertisements'
import { AdvertCard } from '@/features/advertisements/components/advert-card'
import type { Advertisement } from '@/lib/api-schemas'
import { cn } from '@/lib/utils'

/** How often the carousel moves on (the spec's 4 s). */
export const ADVANCE_MS = 4000

/**
 * The carousel's forms: full-width (one wide advert), rail (three at once)
 * and compact (one small advert with its picture, for phones).
 */
export type CarouselForm = 'full' | 'rail' | 'compact'

const perView: Record<CarouselForm, number> = { full: 1, rail: 3, compact: 1 }

/** True while the user asks for reduced motion; the carousel then never moves by itself. */
function useReducedMotion() {
  const query = '(prefers-reduced-motion: reduce)'
  const [reduced, setReduced] = React.useState(() => typeof window.matchMedia === 'function' && window.matchMedia(query).matches)
  React.useEffect(() => {
    if (typeof window.matchMedia !== 'function') return
    const m = window.matchMedia(query)
    const onChange = () => setReduced(m.matches)
    m.addEventListener?.('change', onChange)
    return () => m.removeEventListener?.('change', onChange)
  }, [])
  return reduced
}

/** The adverts in view from index on, wrapping round. */
function inView(ads: Advertisement[], index: number, count: number) {
  const n = Math.min(count, ads.length)
  return Array.from({ length: n }, (_, i) => ads[(index + i) % ads.length]!)
}

/**
 * The adverts carousel over a list: moves on every 4 s unless paused (the
 * toggle, or any manual move) or the user prefers reduced motion. Its
 * controls are buttons, so the keyboard reaches and works them.
 */
export function AdvertCarouselView({ ads, form }: { ads: Advertisement[]; form: CarouselForm }) {
  const [index, setIndex] = React.useState(0)
  const [paused, setPaused] = React.useState(false)
  const reduced = useReducedMotion()
  const count = perView[form]
  const moves = ads.length > count
  const running = moves && !paused && !reduced

  React.useEffect(() => {
    if (!running) return
    const timer = window.setInterval(() => setIndex((i) => (i + 1) % ads.length), ADVANCE_MS)
    return () => window.clearInterval(timer)
  }, [running, ads.length])

  const go = (step: number) => {
    setPaused(true)
    setIndex((i) => (i + step + ads.length) % ads.length)
  }
  const shown = inView(ads, index % Math.max(ads.length, 1), count)

  return (
    <section
      aria-roledescription="carousel"
      aria-label="Advertisements"
      className="grid min-w-0 gap-2"
      data-testid={`advert-carousel-${form}`}
    >
      <ul
        aria-live={running ? 'off' : 'polite'}
        className={cn('grid min-w-0 gap-2', form === 'full' && 'md:[&>li]:p-4', form === 'compact' && 'text-sm')}
      >
        {shown.map((ad) => (
          <AdvertCard key={ad.id} ad={ad} image={form === 'compact'} />
        ))}
      </ul>
      {moves && (
        <div className="flex items-center justify-between gap-2">
          <span className="text-xs text-muted-foreground" data-testid="advert-position">
            {index + 1} of {ads.length}
          </span>
          <div className="flex items-center gap-1">
            <Button size="icon" variant="ghost" className="size-8" aria-label="Previous advertisement" onClick={() => go(-1)}>
              <ChevronLeft aria-hidden />
            </Button>
            {!reduced && (
              <Button
                size="icon"
                variant="ghost"
                className="size-8"
                aria-label={paused ? 'Resume advertisements' : 'Pause advertisements'}
                onClick={() => setPaused((p) => !p)}
              >
                {paused ? <Play aria-hidden /> : <Pause aria-hidden />}
              </Button>
            )}
            <Button size="icon" variant="ghost" className="size-8" aria-label="Next advertisement" onClick={() => go(1)}>
              <ChevronRight aria-hidden />
            </Button>
          </div>
        </div>
      )}
    </section>
  )
}

/** The carousel of the adverts targeted at the signed-in agent (GET /api/advertisements), with the spec's loading and empty texts. */
export function AdvertCarousel({ form, className }: { form: CarouselForm; className?: string }) {
  const query = useAdvertisements()
  const ads = query.data ?? []
  let body: React.ReactNode
  if (query.isPending) {
    body = (
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <Spinner className="size-4" /> Loading advertisements...
      </p>
    )
  } else if (query.isError) {
    body = <p className="text-sm text-muted-foreground">Failed to fetch advertisements</p>
  } else if (ads.length === 0) {
    body = <p className="text-sm text-muted-foreground">No advertisements available for your location.</p>
  } else {
    body = <AdvertCarouselView ads={ads} form={form} />
  }
  return <div className={cn('min-w-0', className)}>{body}</div>
}
