import * as React from 'react'
import { Ban } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs'
import { useSecurityOverview } from '@/features/security/api/get-security-events'
import { BlockDialog } from '@/features/security/components/block-dialog'
import { IpsTab } from '@/features/security/components/ips-tab'
import { ProtectionTab } from '@/features/security/components/protection-tab'
import { RecentEventsTab } from '@/features/security/components/recent-events-tab'
import { SummaryCards } from '@/features/security/components/summary-cards'

/** /security (admins only): the four cards, Recent Events, Suspicious IPs (and blocks), Protection Status; refreshed every 30 s. */
export function SecurityPage() {
  React.useEffect(() => {
    document.title = 'Security Dashboard · PropMatch'
  }, [])
  const overview = useSecurityOverview()
  const [blocking, setBlocking] = React.useState<string | null>(null)
  return (
    <div className="mx-auto grid max-w-6xl gap-6 p-4 md:p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-foreground">Security Dashboard</h1>
          <p className="text-sm text-subtle-foreground">
            Sign-in failures, refusals, scanners and admin actions, refreshed every 30 seconds.
          </p>
        </div>
        <Button variant="outline" onClick={() => setBlocking('')}>
          <Ban aria-hidden /> Block IP
        </Button>
      </div>
      {overview.isPending ? (
        <div className="flex justify-center p-6">
          <Spinner />
        </div>
      ) : overview.isError ? (
        <p className="text-destructive" role="alert">
          Could not load the security summary: {overview.error.message}
        </p>
      ) : (
        <SummaryCards summary={overview.data.summary} />
      )}
      <Tabs defaultValue="events">
        {/* Three equal columns whose labels may wrap on a phone; side by side from sm up. */}
        <TabsList className="grid h-auto w-full grid-cols-3 sm:inline-flex sm:h-10 sm:w-auto">
          <TabsTrigger className="h-full whitespace-normal" value="events">
            Recent Events
          </TabsTrigger>
          <TabsTrigger className="h-full whitespace-normal" value="ips">
            Suspicious IPs
          </TabsTrigger>
          <TabsTrigger className="h-full whitespace-normal" value="protection">
            Protection Status
          </TabsTrigger>
        </TabsList>
        <TabsContent value="events">
          <RecentEventsTab />
        </TabsContent>
        <TabsContent value="ips">
          <IpsTab onBlock={setBlocking} />
        </TabsContent>
        <TabsContent value="protection">
          <ProtectionTab />
        </TabsContent>
      </Tabs>
      <BlockDialog initialRange={blocking} onOpenChange={(open) => !open && setBlocking(null)} />
    </div>
  )
}
