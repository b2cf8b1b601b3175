import { Link } from 'react-router'
import { Logo } from '@/components/brand/logo'
import { Button } from '@/components/ui/button'

const sections = [
  { href: '#features', label: 'Features' },
  { href: '#training', label: 'Training' },
  { href: '#pricing', label: 'Pricing' },
]

/** The landing page's sticky header: logo, section links (desktop), Sign In and Get Started. */
export function LandingHeader() {
  return (
    <header className="sticky top-0 z-20 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4">
        <Link to="/" aria-label="PropMatch home">
          <Logo />
        </Link>
        <nav aria-label="Sections" className="hidden items-center gap-6 text-sm font-medium text-slate-700 md:flex">
          {sections.map((s) => (
            <a key={s.href} href={s.href} className="hover:text-blue-700">
              {s.label}
            </a>
          ))}
        </nav>
        <div className="flex items-center gap-2">
          <Button asChild variant="ghost">
            <Link to="/auth">Sign In</Link>
          </Button>
          <Button asChild>
            <Link to="/auth?tab=register">Get Started</Link>
          </Button>
        </div>
      </div>
    </header>
  )
}
