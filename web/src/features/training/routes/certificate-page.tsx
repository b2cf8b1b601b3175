import * as React from 'react'
import { BadgeCheck, SearchX } from 'lucide-react'
import { Link, useParams } from 'react-router'
import { Logo } from '@/components/brand/logo'
import { Spinner } from '@/components/ui/spinner'
import { usePublicCertificate } from '@/features/training/api/get-learning'
import { formatDate } from '@/shared/format'
import { paths } from '@/app/paths'

/**
 * /certificates/:number, public (docs/product.md#training-screen-screen): says whether a certificate is genuine and
 * shows the agent's name, the course, the date and the number, nothing else of the agent. It makes
 * no call that needs a session.
 */
export function CertificatePage() {
  const { number = '' } = useParams()
  const query = usePublicCertificate(number)
  React.useEffect(() => {
    document.title = 'Certificate verification · PropMatch'
  }, [])
  const cert = query.data
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center gap-6 bg-background p-4">
      <Link to={paths.home.to()} aria-label="PropMatch home">
        <Logo />
      </Link>
      <main className="w-full max-w-lg rounded-2xl border border-border bg-card p-6 shadow-sm" data-testid="certificate-verification">
        {query.isPending ? (
          <div className="flex items-center justify-center gap-2 py-8 text-muted-foreground">
            <Spinner className="size-5" /> Checking the certificate...
          </div>
        ) : cert?.valid ? (
          <div className="grid gap-4 text-center">
            <BadgeCheck className="mx-auto size-12 text-success" aria-hidden />
            <h1 className="text-xl font-bold text-success">Certificate verified</h1>
            <p className="text-sm text-subtle-foreground">This certificate was issued by PropMatch.</p>
            <dl className="grid gap-3 text-left sm:grid-cols-[auto_1fr] sm:gap-x-6">
              <dt className="text-xs font-medium text-muted-foreground uppercase">Awarded to</dt>
              <dd className="font-semibold text-foreground" data-testid="verified-agent">
                {cert.agentName}
              </dd>
              <dt className="text-xs font-medium text-muted-foreground uppercase">Course</dt>
              <dd className="text-foreground" data-testid="verified-course">
                {cert.courseTitle}
              </dd>
              <dt className="text-xs font-medium text-muted-foreground uppercase">Issued on</dt>
              <dd className="text-foreground">{formatDate(cert.issuedAt)}</dd>
              <dt className="text-xs font-medium text-muted-foreground uppercase">Number</dt>
              <dd className="font-mono break-all text-foreground" data-testid="verified-number">
                {cert.number}
              </dd>
            </dl>
          </div>
        ) : query.isError && query.error.status !== 404 ? (
          <div className="grid gap-2 text-center" role="alert">
            <h1 className="text-xl font-bold text-foreground">Could not check the certificate</h1>
            <p className="text-sm text-subtle-foreground">{query.error.message}. Please try again later.</p>
          </div>
        ) : (
          <div className="grid gap-2 text-center">
            <SearchX className="mx-auto size-12 text-muted-foreground" aria-hidden />
            <h1 className="text-xl font-bold text-foreground">Certificate not found</h1>
            <p className="text-sm break-all text-subtle-foreground">
              No PropMatch certificate has the number <span className="font-mono">{number}</span>.
            </p>
          </div>
        )}
      </main>
    </div>
  )
}
