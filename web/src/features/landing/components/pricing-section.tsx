import { Check } from 'lucide-react'
import { Button } from '@/components/ui/button'
import type { SiteOffer, SitePlan } from '@/shared/site'
import { cn } from '@/lib/utils'
import { paths } from '@/app/paths'

/** The pricing plans (the popular one marked) and the offers, all from the editable content. */
export function PricingSection({ plans, offers }: { plans: SitePlan[] | undefined; offers: SiteOffer[] | undefined }) {
  return (
    <section id="pricing" aria-labelledby="pricing-title" className="scroll-mt-16 bg-muted py-16">
      <div className="mx-auto max-w-6xl px-4">
        <h2 id="pricing-title" className="text-center text-3xl font-bold tracking-tight text-foreground">
          Simple, pay-per-match pricing
        </h2>
        {offers && offers.length > 0 && (
          <p className="mx-auto mt-3 max-w-2xl text-center text-subtle-foreground">
            {offers.map((o) => `${o.value} ${o.label.toLowerCase()}`).join(' · ')}
          </p>
        )}
        <ul className="mt-10 grid min-h-96 gap-6 lg:grid-cols-3">
          {plans?.map((p) => (
            <li
              key={p.name}
              className={cn(
                'relative grid content-between gap-6 rounded-2xl border bg-card p-6 shadow-sm',
                p.popular ? 'border-primary ring-2 ring-ring' : 'border-border',
              )}
            >
              {p.popular && (
                <p className="absolute -top-3 left-1/2 -translate-x-1/2 rounded-full bg-brand-strong px-3 py-1 text-xs font-semibold text-brand-foreground">
                  Most Popular
                </p>
              )}
              <div className="grid gap-4">
                <h3 className="text-lg font-semibold text-foreground">{p.name}</h3>
                <p>
                  <span className="text-4xl font-extrabold text-foreground">{p.price}</span>
                  {p.period && <span className="ml-1 text-subtle-foreground">{p.period}</span>}
                </p>
                {p.description && <p className="text-sm text-subtle-foreground">{p.description}</p>}
                <ul className="grid gap-2 text-sm text-subtle-foreground">
                  {p.features.map((f) => (
                    <li key={f} className="flex items-start gap-2">
                      <Check className="mt-0.5 size-4 shrink-0 text-success" aria-hidden />
                      {f}
                    </li>
                  ))}
                </ul>
              </div>
              <Button asChild variant={p.popular ? 'default' : 'outline'} size="lg">
                <a href={paths.auth.to({ tab: 'register' })} aria-label={`Choose ${p.name}`}>
                  Choose {p.name}
                </a>
              </Button>
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}
