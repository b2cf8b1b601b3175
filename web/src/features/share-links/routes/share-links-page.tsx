import * as React from 'react'
import { Link } from 'react-router'
import { Share2, SearchX } from 'lucide-react'
import { EmptyState } from '@/components/empty-state'
import { LoadMore } from '@/components/load-more'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { Spinner } from '@/components/ui/spinner'
import { useShareLinks } from '@/features/share-links/api/get-share-links'
import { ShareLinkCard } from '@/features/share-links/components/share-link-card'
import { pageItems } from '@/lib/paged-query'
import { paths } from '@/app/paths'

/**
 * /share-links: the links the agent sent clients, newest first, with views, "I'm interested" per listing
 * (refreshed live when a client taps it), expiry, and Revoke. Links are made from My Properties and Matches.
 */
export function ShareLinksPage() {
  const links = useShareLinks()
  const all = React.useMemo(() => pageItems(links.data), [links.data])
  React.useEffect(() => {
    document.title = 'Share links · PropMatch'
  }, [])
  let content: React.ReactNode
  if (links.isLoading) {
    content = (
      <div className="flex items-center justify-center gap-2 py-16 text-muted-foreground">
        <Spinner className="size-6" /> Loading links...
      </div>
    )
  } else if (links.isError) {
    content = (
      <Card>
        <EmptyState icon={SearchX} role="alert" message={`Your links could not be loaded: ${links.error.message}`} />
      </Card>
    )
  } else if (all.length === 0) {
    content = (
      <Card>
        <EmptyState
          icon={Share2}
          data-testid="share-links-empty"
          message="No links yet: in My Properties or Matches, choose Share with client, tick listings and send the link on WhatsApp."
          action={
            <Button asChild variant="outline">
              <Link to={paths.properties.to()}>My Properties</Link>
            </Button>
          }
        />
      </Card>
    )
  } else {
    content = (
      <div className="grid gap-4" data-testid="share-link-list">
        {all.map((link) => (
          <ShareLinkCard key={link.id} link={link} />
        ))}
        <LoadMore query={links} />
      </div>
    )
  }
  return (
    <div className="mx-auto grid max-w-4xl gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-foreground">Share links</h1>
        <p className="text-sm text-muted-foreground">
          Listings you shared with clients: who looked, and which listing they are interested in.
        </p>
      </div>
      {content}
    </div>
  )
}
