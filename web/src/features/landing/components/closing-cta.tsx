import { Phone } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { formatIndianPhone, type SiteContact } from '@/shared/site'
import { paths } from '@/app/paths'

/** The closing call to action, with the phone number when one is set. */
export function ClosingCta({ contact }: { contact: SiteContact | undefined }) {
  return (
    <section aria-labelledby="cta-title" className="bg-brand-deep text-brand-foreground">
      <div className="mx-auto grid max-w-4xl justify-items-center gap-5 px-4 py-16 text-center">
        <h2 id="cta-title" className="text-3xl font-bold tracking-tight">
          Ready to match more deals?
        </h2>
        <p className="max-w-xl text-brand-foreground/90">
          Create your agent account in minutes: verify your WhatsApp number and start posting.
        </p>
        <div className="flex flex-wrap justify-center gap-3">
          <Button asChild size="lg" className="bg-card text-brand-deep hover:bg-accent">
            <a href={paths.auth.to({ tab: 'register' })}>Start Free Trial</a>
          </Button>
          {contact?.phone && (
            <Button
              asChild
              size="lg"
              variant="outline"
              className="border-brand-foreground/60 bg-transparent text-brand-foreground hover:bg-brand-foreground/10"
            >
              <a href={`tel:${contact.phone}`}>
                <Phone aria-hidden /> Call {formatIndianPhone(contact.phone)}
              </a>
            </Button>
          )}
        </div>
      </div>
    </section>
  )
}
