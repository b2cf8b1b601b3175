import * as React from 'react'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs'
import { useAuth } from '@/lib/auth'
import { useConnections } from '@/features/network/api/get-connections'
import { ConnectionRequests, MyConnections } from '@/features/network/components/connection-lists'
import { DiscoverAgents } from '@/features/network/components/discover-agents'
import { useDashboardStats } from '@/shared/dashboard-stats'
import { pageItems } from '@/lib/paged-query'

function Count({ value }: { value: React.ReactNode }) {
  return (
    <span className="ml-2 rounded-full bg-primary px-2 py-0.5 text-xs font-semibold text-primary-foreground" data-testid="tab-count">
      {value}
    </span>
  )
}

/**
 * /agents: Discover Agents, My Connections and Connection Requests (docs/product.md#agent-network).
 * The tab counts are exact, from the dashboard stats: accepted connections, and pending
 * requests received plus sent.
 */
export function NetworkPage() {
  const { user } = useAuth()
  const accepted = useConnections('accepted')
  const pending = useConnections('pending')
  const stats = useDashboardStats().data
  const pendingCount = stats ? stats.pendingRequests + stats.sentRequests : undefined

  React.useEffect(() => {
    document.title = 'Agent Network · PropMatch'
  }, [])

  if (!user) return null
  return (
    <div className="mx-auto grid max-w-6xl grid-cols-1 gap-6" data-testid="network-page">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-foreground">Agent Network</h1>
        <p className="text-subtle-foreground">Find agents, send connection requests and manage your connections.</p>
      </div>
      <Tabs defaultValue="discover" className="min-w-0">
        <TabsList className="h-auto flex-wrap justify-start">
          <TabsTrigger value="discover">Discover Agents</TabsTrigger>
          <TabsTrigger value="connections">
            My Connections {(stats || accepted.data) && <Count value={stats?.connections ?? pageItems(accepted.data).length} />}
          </TabsTrigger>
          <TabsTrigger value="requests">Connection Requests {pendingCount !== undefined && <Count value={pendingCount} />}</TabsTrigger>
        </TabsList>
        <TabsContent value="discover">
          <DiscoverAgents user={user} />
        </TabsContent>
        <TabsContent value="connections">
          <MyConnections query={accepted} userId={user.id} />
        </TabsContent>
        <TabsContent value="requests">
          <ConnectionRequests query={pending} userId={user.id} />
        </TabsContent>
      </Tabs>
    </div>
  )
}
