import * as React from 'react'
import { Users } from 'lucide-react'
import { LoadMore } from '@/components/load-more'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { useAgents } from '@/features/network/api/get-agents'
import { AgentCard } from '@/features/network/components/agent-card'
import { ConnectDialog } from '@/components/connect-dialog'
import type { DirectoryAgent, User } from '@/lib/api-schemas'
import { pageItems } from '@/lib/paged-query'
import { useDebouncedValue } from '@/lib/use-debounced-value'
import { EmptyState } from '@/components/empty-state'
import { SearchInput } from '@/components/ui/search-input'

/** Delay between the last keystroke and the server search. */
export const AGENT_SEARCH_DEBOUNCE_MS = 300

/** Discover Agents: the directory searched on the server (name, city, state, agent type), page by page. */
export function DiscoverAgents({ user }: { user: User }) {
  const [search, setSearch] = React.useState('')
  const q = useDebouncedValue(search.trim(), AGENT_SEARCH_DEBOUNCE_MS)
  const query = useAgents(q)
  const [target, setTarget] = React.useState<DirectoryAgent | null>(null)
  const agents = pageItems(query.data)
  return (
    <div className="grid gap-4">
      <SearchInput
        value={search}
        onChange={setSearch}
        label="Search agents"
        placeholder="Search agents by name, city, state or type"
        busy={query.isFetching && !query.isPending && !query.isFetchingNextPage}
      />
      {query.isPending ? (
        <div className="flex items-center justify-center gap-2 py-12 text-muted-foreground">
          <Spinner className="size-5" /> Loading agents...
        </div>
      ) : query.isError && !query.isFetchNextPageError ? (
        <p className="py-12 text-center text-destructive" role="alert">
          Could not load agents: {query.error.message}
        </p>
      ) : agents.length === 0 ? (
        <EmptyState
          icon={Users}
          data-testid="agents-empty"
          message={q ? 'No agents match your search.' : 'No other agents have joined yet.'}
          action={
            q ? (
              <Button variant="outline" onClick={() => setSearch('')}>
                Clear search
              </Button>
            ) : undefined
          }
        />
      ) : (
        <>
          <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
            {agents.map((agent) => (
              <AgentCard key={agent.id} agent={agent} userId={user.id} onConnect={setTarget} />
            ))}
          </div>
          <LoadMore query={query} />
        </>
      )}
      <ConnectDialog agent={target} sender={user} onOpenChange={(open) => !open && setTarget(null)} />
    </div>
  )
}
