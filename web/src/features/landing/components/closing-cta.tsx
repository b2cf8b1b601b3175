import { Phone } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { formatIndianPhone, type SiteContact } from '@/shared/site'
import { paths } from '@/app/paths'

/** The closing call to action, with the phone number when one is set. */
export function ClosingCta({ contact }: { contact: SiteContact | undefined }) {
  return (
    <section aria-labelledby="cta-title" className="bg-blue-800 text-white">
      <div className="mx-auto grid max-w-4xl justify-items-center gap-5 px-4 py-16 text-center">
        <h2 id="cta-title" className="text-3xl font-bold tracking-tight">
          Ready to match more deals?
        </h2>
        <p className="max-w-xl text-blue-50">Create your agent account in minutes: verify your WhatsApp number and start posting.</p>
        <div className="flex flex-wrap justify-center gap-3">
          <Button asChild size="lg" className="bg-white text-blue-800 hover:bg-blue-50">
            <a href={paths.auth.to({ tab: 'register' })}>Start Free Trial</a>
          </Button>
          {contact?.phone && (
            <Button asChild size="lg" variant="outline" className="border-white/60 bg-transparent text-white hover:bg-white/10">
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
