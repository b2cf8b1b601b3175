import { BarChart3, CreditCard, Handshake, MessageSquare, ShieldCheck, Users } from 'lucide-react'

// Fixed labels: what the product does, without figures.
const features = [
  {
    icon: Handshake,
    title: 'Intelligent Property Matching',
    text: 'Requirements meet listings automatically, each match with a compatibility score.',
  },
  { icon: Users, title: 'Agent Networking', text: 'Connect with agents across India and share leads with the ones you trust.' },
  { icon: MessageSquare, title: 'Seamless Communication', text: 'Call, message in the app or WhatsApp the agent on the other side.' },
  { icon: BarChart3, title: 'Performance Analytics', text: 'See how your listings and requirements perform.' },
  {
    icon: ShieldCheck,
    title: 'RERA Verified Platform',
    text: 'Agent profiles carry their RERA registration, checked before it shows as verified.',
  },
  { icon: CreditCard, title: 'Pay-Per-Match Billing', text: 'Pay for the leads you get, with free leads to start and no setup fees.' },
]

/** The six feature cards. */
export function FeaturesSection() {
  return (
    <section id="features" aria-labelledby="features-title" className="mx-auto max-w-6xl scroll-mt-16 px-4 py-16">
      <h2 id="features-title" className="text-center text-3xl font-bold tracking-tight text-foreground">
        Everything an agent needs
      </h2>
      <ul className="mt-10 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {features.map(({ icon: Icon, title, text }) => (
          <li key={title} className="rounded-xl border border-border bg-card p-6 shadow-sm">
            <span className="flex size-10 items-center justify-center rounded-lg bg-accent text-accent-foreground">
              <Icon className="size-5" aria-hidden />
            </span>
            <h3 className="mt-4 font-semibold text-foreground">{title}</h3>
            <p className="mt-1 text-sm text-subtle-foreground">{text}</p>
          </li>
        ))}
      </ul>
    </section>
  )
}
