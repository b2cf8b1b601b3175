import { useQuery } from '@tanstack/react-query'
import { siteContentQuery } from '@/shared/site'
import { ClosingCta } from '@/features/landing/components/closing-cta'
import { FeaturesSection } from '@/features/landing/components/features-section'
import { HeroSection } from '@/features/landing/components/hero-section'
import { LandingFooter } from '@/features/landing/components/landing-footer'
import { LandingHeader } from '@/features/landing/components/landing-header'
import { PricingSection } from '@/features/landing/components/pricing-section'
import { TestimonialsSection } from '@/features/landing/components/testimonials-section'
import { TrainingSection } from '@/features/landing/components/training-section'

/**
 * / and /landing (docs/product.md#landing-page): the layout and fixed labels live here; every
 * offer, plan, testimonial, topic, the video and the contact details come from GET /api/site, and
 * the figures from GET /api/site/figures. It runs without a router (its own entry,
 * src/landing-main.tsx), so its links are plain <a href>s that load the app.
 */
export function LandingPage() {
  const { data } = useQuery(siteContentQuery())
  // Without billing (PROPMATCH_BILLING=off) the page promises no prices: no pricing section, no links to
  // it and no offers (docs/product.md#billing). Before the answer the page keeps pricing's place, as the
  // prerendered markup does, since billing is on by default.
  const pricing = data?.billing !== false
  return (
    <div className="min-h-dvh bg-card">
      <LandingHeader pricing={pricing} />
      <main>
        <HeroSection offers={pricing ? data?.offers : []} video={data?.demoVideo} />
        <FeaturesSection />
        <TrainingSection topics={data?.trainingTopics} />
        <TestimonialsSection testimonials={data?.testimonials} />
        {pricing && <PricingSection plans={data?.plans} offers={data?.offers} />}
        <ClosingCta contact={data?.contact} />
      </main>
      <LandingFooter contact={data?.contact} pricing={pricing} />
    </div>
  )
}
