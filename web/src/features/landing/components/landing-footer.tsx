import { Mail, MapPin, Phone } from 'lucide-react'
import { Logo } from '@/components/brand/logo'
import { formatIndianPhone, type SiteContact } from '@/shared/site'
import { paths } from '@/app/paths'

/** Product, Support and Contact columns and the copyright line (Pricing only with billing on). */
export function LandingFooter({ contact, pricing = true }: { contact: SiteContact | undefined; pricing?: boolean }) {
  return (
    <footer className="border-t border-border bg-card">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div className="grid content-start gap-3">
          <Logo />
          <p className="text-sm text-subtle-foreground">We build Families</p>
        </div>
        <nav aria-labelledby="footer-product" className="grid content-start gap-2 text-sm">
          <h2 id="footer-product" className="font-semibold text-foreground">
            Product
          </h2>
          <a href="#features" className="text-subtle-foreground hover:text-accent-foreground">
            Features
          </a>
          {pricing && (
            <a href="#pricing" className="text-subtle-foreground hover:text-accent-foreground">
              Pricing
            </a>
          )}
          <a href="#training" className="text-subtle-foreground hover:text-accent-foreground">
            Training
          </a>
        </nav>
        <nav aria-labelledby="footer-support" className="grid content-start gap-2 text-sm">
          <h2 id="footer-support" className="font-semibold text-foreground">
            Support
          </h2>
          <a href={paths.auth.to()} className="text-subtle-foreground hover:text-accent-foreground">
            Sign In
          </a>
          <a href={paths.auth.to({ tab: 'register' })} className="text-subtle-foreground hover:text-accent-foreground">
            Create an account
          </a>
          {contact?.email && (
            <a href={`mailto:${contact.email}`} className="text-subtle-foreground hover:text-accent-foreground">
              Help by email
            </a>
          )}
        </nav>
        <address className="grid content-start gap-2 text-sm not-italic" aria-labelledby="footer-contact">
          <h2 id="footer-contact" className="font-semibold text-foreground">
            Contact
          </h2>
          {contact?.phone && (
            <a href={`tel:${contact.phone}`} className="flex items-center gap-2 text-subtle-foreground hover:text-accent-foreground">
              <Phone className="size-4" aria-hidden /> {formatIndianPhone(contact.phone)}
            </a>
          )}
          {contact?.email && (
            <a
              href={`mailto:${contact.email}`}
              className="flex items-center gap-2 break-all text-subtle-foreground hover:text-accent-foreground"
            >
              <Mail className="size-4 shrink-0" aria-hidden /> {contact.email}
            </a>
          )}
          <p className="flex items-center gap-2 text-subtle-foreground">
            <MapPin className="size-4" aria-hidden /> Hyderabad, India
          </p>
        </address>
      </div>
      {/* The year is rendered at build time too (prerendered); a new year's visitor gets the client's. */}
      <p className="border-t border-border py-6 text-center text-sm text-subtle-foreground" suppressHydrationWarning>
        © {new Date().getFullYear()} PropMatch. All rights reserved.
      </p>
    </footer>
  )
}
