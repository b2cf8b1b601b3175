import * as React from 'react'
import { useQuery } from '@tanstack/react-query'
import { ArrowLeft, Headset, Mail, Phone } from 'lucide-react'
import { Link } from 'react-router'
import { Logo } from '@/components/brand/logo'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Spinner } from '@/components/ui/spinner'
import { FAQS } from '@/features/help/components/faqs'
import { userQueryOptions } from '@/lib/auth'
import { formatIndianPhone, siteContentQuery } from '@/shared/site'
import { useTheme } from '@/lib/theme'
import { useVersion, versionLabel } from '@/lib/version'
import { paths } from '@/app/paths'

/** The support phone and email an administrator set in the landing page's Contact section. */
function SupportContact() {
  const site = useQuery(siteContentQuery())
  if (site.isPending) return <Spinner className="size-5" />
  if (site.isError)
    return (
      <p className="text-sm text-destructive" role="alert">
        Could not load the support contact: {site.error.message}
      </p>
    )
  const { phone, email } = site.data.contact
  if (!phone && !email) return <p className="text-sm text-subtle-foreground">The support contact has not been published yet.</p>
  return (
    <ul className="grid gap-3 text-sm" data-testid="support-contact">
      {phone && (
        <li>
          <a href={`tel:${phone}`} className="inline-flex items-center gap-2 font-medium text-accent-foreground hover:underline">
            <Phone className="size-4" aria-hidden /> {formatIndianPhone(phone)}
          </a>
        </li>
      )}
      {email && (
        <li>
          <a href={`mailto:${email}`} className="inline-flex items-center gap-2 font-medium text-accent-foreground hover:underline">
            <Mail className="size-4" aria-hidden /> {email}
          </a>
        </li>
      )}
    </ul>
  )
}

/**
 * /help: answers to common questions and the support contact (public: reachable before signing in). Signed
 * in, it links back to the dashboard; it follows this device's copy of the agent's theme.
 */
export function HelpPage() {
  React.useEffect(() => {
    document.title = 'Help Center · PropMatch'
  }, [])
  useTheme(undefined)
  const { data: user } = useQuery({ ...userQueryOptions(), enabled: false })
  const version = useVersion()
  // A link to #contact (Settings → Contact Support) scrolls there once the page has rendered.
  React.useEffect(() => {
    if (window.location.hash === '#contact') document.getElementById('contact')?.scrollIntoView()
  }, [])
  return (
    <div className="min-h-dvh bg-background">
      <header className="border-b border-border bg-card">
        <div className="mx-auto flex h-16 max-w-4xl items-center justify-between gap-3 px-4">
          <Link to={user ? paths.dashboard.to() : paths.home.to()} aria-label="PropMatch">
            <Logo />
          </Link>
          <Link
            to={user ? paths.settings.to() : paths.home.to()}
            className="inline-flex items-center gap-1 text-sm font-medium text-accent-foreground hover:underline"
          >
            <ArrowLeft className="size-4" aria-hidden /> {user ? 'Back to Settings' : 'Home'}
          </Link>
        </div>
      </header>
      <main className="mx-auto grid max-w-4xl gap-6 px-4 py-8">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-foreground">Help Center</h1>
          <p className="text-subtle-foreground">How PropMatch works, and how to reach us.</p>
        </div>
        <Card>
          <CardHeader>
            <CardTitle>Frequently asked questions</CardTitle>
          </CardHeader>
          <CardContent className="grid gap-2">
            {FAQS.map((f) => (
              <details key={f.question} className="group rounded-md border border-border px-4 py-3">
                <summary className="cursor-pointer font-medium text-foreground marker:text-muted-foreground">{f.question}</summary>
                <p className="mt-2 text-sm leading-relaxed text-subtle-foreground">{f.answer}</p>
              </details>
            ))}
          </CardContent>
        </Card>
        <Card id="contact" className="scroll-mt-4">
          <CardHeader>
            <CardTitle className="flex items-center gap-2">
              <Headset className="size-5 text-primary" aria-hidden /> Contact Support
            </CardTitle>
            <CardDescription>Call or write to the PropMatch team.</CardDescription>
          </CardHeader>
          <CardContent>
            <SupportContact />
          </CardContent>
        </Card>
        <p className="text-center text-xs text-muted-foreground" data-testid="help-version">
          {versionLabel(version.data?.version ?? '…')}
        </p>
      </main>
    </div>
  )
}
