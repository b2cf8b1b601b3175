import { Star } from 'lucide-react'
import type { SiteTestimonial } from '@/shared/site'
import { cn } from '@/lib/utils'

function Stars({ rating }: { rating: number }) {
  return (
    <p className="flex gap-0.5" role="img" aria-label={`Rated ${rating} out of 5`}>
      {Array.from({ length: 5 }, (_, i) => (
        <Star key={i} aria-hidden className={cn('size-4', i < rating ? 'fill-rating text-rating' : 'text-muted-foreground/50')} />
      ))}
    </p>
  )
}

/** Agents' testimonials with their ratings; left out while there are none. */
export function TestimonialsSection({ testimonials }: { testimonials: SiteTestimonial[] | undefined }) {
  if (!testimonials?.length) return null
  return (
    <section aria-labelledby="testimonials-title" className="mx-auto max-w-6xl px-4 py-16">
      <h2 id="testimonials-title" className="text-center text-3xl font-bold tracking-tight text-foreground">
        What agents say
      </h2>
      <ul className="mt-10 grid gap-4 md:grid-cols-3">
        {testimonials.map((t) => (
          <li key={t.name + t.content} className="grid content-between gap-4 rounded-xl border border-border bg-card p-6 shadow-sm">
            <figure className="grid gap-3">
              <Stars rating={t.rating} />
              <blockquote className="text-subtle-foreground">“{t.content}”</blockquote>
              <figcaption className="text-sm">
                <span className="font-semibold text-foreground">{t.name}</span>
                <span className="block text-subtle-foreground">
                  {t.role} · {t.city}
                </span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  )
}
