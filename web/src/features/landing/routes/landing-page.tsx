import { ArrowRight, BarChart3, CreditCard, Handshake, MessageSquare, ShieldCheck, Users } from 'lucide-react'
import { Link } from 'react-router'
import { Logo } from '@/components/brand/logo'
import { MarketingClaims } from '@/components/brand/marketing-claims'
import { Button } from '@/components/ui/button'

const features = [
  {
    icon: Handshake,
    title: 'Intelligent Property Matching',
    text: 'Requirements meet listings automatically, with a compatibility score.',
  },
  { icon: Users, title: 'Agent Networking', text: 'Connect with verified agents across India and share leads.' },
  { icon: MessageSquare, title: 'Seamless Communication', text: 'Call, message in-app or WhatsApp the agent on the other side.' },
  { icon: BarChart3, title: 'Performance Analytics', text: 'See how your listings and requirements perform.' },
  { icon: ShieldCheck, title: 'RERA Verified Platform', text: 'Work with RERA-verified agent profiles.' },
  { icon: CreditCard, title: 'Pay-Per-Match Billing', text: '500 free leads, then ₹50 per lead. No setup fees.' },
]

/** / and /landing: header, hero and claims. The full landing page comes later. */
export function LandingPage() {
  return (
    <div className="min-h-dvh bg-white">
      <header className="sticky top-0 z-20 border-b border-slate-200 bg-white/90 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4">
          <Link to="/" aria-label="PropMatch home">
            <Logo />
          </Link>
          <nav className="flex items-center gap-2">
            <Button asChild variant="ghost">
              <Link to="/auth">Sign In</Link>
            </Button>
            <Button asChild>
              <Link to="/auth">Get Started</Link>
            </Button>
          </nav>
        </div>
      </header>

      <main>
        <section className="bg-gradient-to-br from-blue-700 via-blue-600 to-indigo-700 text-white">
          <div className="mx-auto grid max-w-6xl gap-10 px-4 py-16 md:py-24 lg:grid-cols-2 lg:items-center">
            <div className="grid gap-6">
              <p className="w-fit rounded-full bg-white/15 px-3 py-1 text-sm font-medium">We build Families</p>
              <h1 className="text-4xl font-extrabold tracking-tight md:text-6xl">Post. Match. Connect. Grow.</h1>
              <p className="max-w-xl text-lg text-blue-100">
                The B2B platform for property agents in India. List properties, post client requirements and get matched with the right
                agent — with 90%+ match accuracy.
              </p>
              <div className="flex flex-wrap gap-3">
                <Button asChild size="lg" className="bg-white text-blue-700 hover:bg-blue-50">
                  <Link to="/auth">
                    Start Free Trial <ArrowRight />
                  </Link>
                </Button>
              </div>
            </div>
            <MarketingClaims className="lg:justify-self-end" />
          </div>
        </section>

        <section className="mx-auto max-w-6xl px-4 py-16">
          <h2 className="text-center text-3xl font-bold tracking-tight text-slate-900">Everything an agent needs</h2>
          <div className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {features.map(({ icon: Icon, title, text }) => (
              <div key={title} className="rounded-xl border border-slate-200 p-6 shadow-sm">
                <span className="flex size-10 items-center justify-center rounded-lg bg-blue-50 text-blue-600">
                  <Icon className="size-5" aria-hidden />
                </span>
                <h3 className="mt-4 font-semibold text-slate-900">{title}</h3>
                <p className="mt-1 text-sm text-slate-600">{text}</p>
              </div>
            ))}
          </div>
        </section>
      </main>

      <footer className="border-t border-slate-200 py-8 text-center text-sm text-slate-500">
        © {new Date().getFullYear()} PropMatch · Hyderabad, India
      </footer>
    </div>
  )
}
