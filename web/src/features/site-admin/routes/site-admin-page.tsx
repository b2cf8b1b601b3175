import { useQuery } from '@tanstack/react-query'
import { ExternalLink } from 'lucide-react'
import { Link } from 'react-router'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { siteContentQuery } from '@/shared/site'
import { ContentForms } from '@/features/site-admin/components/content-forms'
import { paths } from '@/app/paths'

/** /admin/site (admins only): edit the landing page's content, one part at a time. */
export function SiteAdminPage() {
  const { data, isPending, isError, error } = useQuery({ ...siteContentQuery(), staleTime: 0, refetchOnWindowFocus: false })
  return (
    <div className="mx-auto grid max-w-4xl gap-6 p-4 md:p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-foreground">Site content</h1>
          <p className="text-sm text-subtle-foreground">What the public landing page shows. The live figures are counted, not edited.</p>
        </div>
        <Button asChild variant="outline">
          <Link to={paths.home.to()} target="_blank">
            <ExternalLink aria-hidden /> View landing page
          </Link>
        </Button>
      </div>
      {isPending ? (
        <div className="flex justify-center p-10">
          <Spinner />
        </div>
      ) : isError ? (
        <p className="text-destructive">Could not load the site content: {error.message}</p>
      ) : (
        <ContentForms page={data} />
      )}
    </div>
  )
}
