import { Logo } from '@/components/brand/logo'
import { Button } from '@/components/ui/button'
import { paths } from '@/app/paths'

const sections = [
  { href: '#features', label: 'Features' },
  { href: '#training', label: 'Training' },
  { href: '#pricing', label: 'Pricing' },
]

/** The landing page's sticky header: logo, section links (desktop; Pricing only with billing on), Sign In and Get Started. */
export function LandingHeader({ pricing = true }: { pricing?: boolean }) {
  return (
    <header className="sticky top-0 z-20 border-b border-border bg-card/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4">
        <a href={paths.home.to()} aria-label="PropMatch home">
          <Logo />
        </a>
        <nav aria-label="Sections" className="hidden items-center gap-6 text-sm font-medium text-subtle-foreground md:flex">
          {sections
            .filter((s) => pricing || s.href !== '#pricing')
            .map((s) => (
              <a key={s.href} href={s.href} className="hover:text-accent-foreground">
                {s.label}
              </a>
            ))}
        </nav>
        <div className="flex items-center gap-2">
          <Button asChild variant="ghost">
            <a href={paths.auth.to()}>Sign In</a>
          </Button>
          <Button asChild>
            <a href={paths.auth.to({ tab: 'register' })}>Get Started</a>
          </Button>
        </div>
      </div>
    </header>
  )
}
