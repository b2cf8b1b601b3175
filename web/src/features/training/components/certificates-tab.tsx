import { Award } from 'lucide-react'
import { LoadMore } from '@/components/load-more'
import { Spinner } from '@/components/ui/spinner'
import { useCertificates } from '@/features/training/api/get-learning'
import { CertificateCard } from '@/features/training/components/certificate-card'
import { pageItems } from '@/lib/paged-query'

/** Certificates: one per completed course, with the PDF and the public verification link. */
export function CertificatesTab() {
  const query = useCertificates()
  const certificates = pageItems(query.data)
  if (query.isPending) {
    return (
      <div className="flex items-center justify-center gap-2 py-12 text-muted-foreground">
        <Spinner className="size-5" /> Loading certificates...
      </div>
    )
  }
  if (query.isError && !query.isFetchNextPageError) {
    return (
      <p className="py-12 text-center text-destructive" role="alert">
        Could not load certificates: {query.error.message}
      </p>
    )
  }
  if (certificates.length === 0) {
    return (
      <div className="grid justify-items-center gap-2 py-12 text-center" data-testid="certificates-empty">
        <Award className="size-10 text-muted-foreground/50" aria-hidden />
        <p className="font-medium text-foreground">No Certificates Yet</p>
        <p className="max-w-sm text-sm text-subtle-foreground">Complete every module of a course to earn its certificate.</p>
      </div>
    )
  }
  return (
    <div className="grid gap-4">
      <div className="grid gap-4 md:grid-cols-2">
        {certificates.map((certificate) => (
          <CertificateCard key={certificate.number} certificate={certificate} />
        ))}
      </div>
      <LoadMore query={query} />
    </div>
  )
}
