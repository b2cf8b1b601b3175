import { Award, Download, ExternalLink } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { certificatePdfUrl } from '@/features/training/api/get-learning'
import type { Certificate } from '@/features/training/lib/course-options'
import { formatDate } from '@/shared/format'
import { paths } from '@/app/paths'

/** A certificate: agent, course, date and number, with the PDF download and the public verification link. */
export function CertificateCard({ certificate }: { certificate: Certificate }) {
  const verify = certificate.verifyUrl || paths.certificate.to(certificate.number)
  return (
    <article className="grid gap-3 rounded-xl border border-warning/30 bg-warning/10 p-4" data-testid="certificate-card">
      <div className="flex items-start gap-3">
        <Award className="size-8 shrink-0 text-warning" aria-hidden />
        <div className="min-w-0">
          <h3 className="font-semibold text-foreground">{certificate.courseTitle}</h3>
          <p className="text-sm text-subtle-foreground">
            Awarded to <span className="font-medium">{certificate.agentName}</span> on {formatDate(certificate.issuedAt)}
          </p>
          <p className="text-xs break-all text-subtle-foreground">
            Certificate number{' '}
            <span className="font-mono font-semibold" data-testid="certificate-number">
              {certificate.number}
            </span>
          </p>
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button asChild size="sm">
          <a href={certificatePdfUrl(certificate.number)} download data-testid="certificate-pdf">
            <Download /> Download PDF
          </a>
        </Button>
        <Button asChild size="sm" variant="outline">
          <a href={verify} target="_blank" rel="noopener noreferrer" data-testid="certificate-verify">
            <ExternalLink /> Verification page
          </a>
        </Button>
      </div>
    </article>
  )
}
