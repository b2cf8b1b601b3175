import * as React from 'react'
import { ArrowRight, PlayCircle } from 'lucide-react'
import { Button } from '@/components/ui/button'
import type { SiteDemoVideo, SiteOffer } from '@/shared/site'
import { LiveFigures } from '@/features/landing/components/live-figures'
import { paths } from '@/app/paths'

// The dialog (with its video player code) loads only when Watch Demo is pressed.
const DemoVideoDialog = React.lazy(() =>
  import('@/features/landing/components/demo-video-dialog').then((m) => ({ default: m.DemoVideoDialog })),
)

/** The hero picture: the dashboard itself, made by `make hero-image` (e2e/scripts/hero-image.mjs). */
export const HERO_IMAGE = { src: '/hero-dashboard.webp', width: 1120, height: 700 } as const

/**
 * Tagline, headline, Start Free Trial, Watch Demo (only when a demo video is set), the offers, the live figures
 * and, from 1024 px, a picture of the app beside them.
 */
export function HeroSection({ offers, video }: { offers: SiteOffer[] | undefined; video: SiteDemoVideo | undefined }) {
  const [demoOpen, setDemoOpen] = React.useState(false)
  const hasVideo = !!video?.videoUrl
  return (
    <section className="bg-gradient-to-br from-brand-deep via-brand-strong to-brand-end text-brand-foreground">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-14 md:py-20 lg:grid-cols-[minmax(0,1fr)_minmax(0,32rem)] lg:items-center">
        <div className="grid max-w-3xl gap-6">
          <p className="w-fit rounded-full bg-brand-foreground/15 px-3 py-1 text-sm font-medium">We build Families</p>
          <h1 className="text-4xl font-extrabold tracking-tight md:text-6xl">Post. Match. Connect. Grow.</h1>
          <p className="max-w-xl text-lg text-brand-foreground/90">
            The B2B platform for property agents in India. List properties, post your clients' requirements and get matched with the right
            agent on the other side, with a compatibility score for every match.
          </p>
          {/* On a phone the buttons are one full-width column of even buttons (issue 25). */}
          <div className="grid grid-cols-1 gap-3 sm:flex sm:flex-wrap [&>*]:w-full sm:[&>*]:w-auto" data-testid="hero-actions">
            <Button asChild size="lg" className="bg-card text-brand-deep hover:bg-accent">
              <a href={paths.auth.to({ tab: 'register' })}>
                Start Free Trial <ArrowRight aria-hidden />
              </a>
            </Button>
            {hasVideo && (
              <Button
                size="lg"
                variant="outline"
                className="border-brand-foreground/60 bg-transparent text-brand-foreground hover:bg-brand-foreground/10"
                onClick={() => setDemoOpen(true)}
              >
                <PlayCircle aria-hidden /> Watch Demo
              </Button>
            )}
          </div>
          <ul aria-label="Offers" className="flex min-h-8 flex-wrap gap-2">
            {offers?.map((o) => (
              <li key={o.label} className="rounded-full bg-brand-foreground/15 px-3 py-1 text-sm">
                <span className="font-semibold">{o.value}</span> {o.label.toLowerCase()}
              </li>
            ))}
          </ul>
        </div>
        {/* Below the fold on a phone (hidden), beside the text from 1024 px: lazy, its size reserved. */}
        <img
          src={HERO_IMAGE.src}
          width={HERO_IMAGE.width}
          height={HERO_IMAGE.height}
          alt="The PropMatch dashboard: the marketplace, new matches with their scores, recent messages and quick actions"
          loading="lazy"
          decoding="async"
          className="hidden h-auto w-full rounded-xl shadow-2xl ring-1 ring-brand-foreground/20 lg:row-span-2 lg:block"
          data-testid="hero-image"
        />
        <LiveFigures />
      </div>
      {demoOpen && (
        <React.Suspense fallback={null}>
          <DemoVideoDialog video={video} open={demoOpen} onOpenChange={setDemoOpen} />
        </React.Suspense>
      )}
    </section>
  )
}
