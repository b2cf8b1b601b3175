import * as React from 'react'
import { SearchX, Store } from 'lucide-react'
import type { InfiniteData } from '@tanstack/react-query'
import { LoadMore, type PagedQuery } from '@/components/load-more'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { SearchInput } from '@/components/ui/search-input'
import { Spinner } from '@/components/ui/spinner'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs'
import { AgentContact } from '@/app/routes/dashboard/agent-contact'
import { useMarketplaceProperties } from '@/features/properties/api/get-marketplace-properties'
import { AlsoListedBy } from '@/components/also-listed-by'
import { PropertyCard } from '@/features/properties/components/property-card'
import { PropertyDetailDialog } from '@/features/properties/components/property-detail-dialog'
import { useMarketplaceRequirements } from '@/features/requirements/api/get-marketplace-requirements'
import { RequirementCard } from '@/features/requirements/components/requirement-card'
import { RequirementDetailsDialog } from '@/features/requirements/components/requirement-details-dialog'
import type { MarketplaceProperty, PublicRequirement } from '@/lib/api-schemas'
import type { Page } from '@/lib/api-client'
import { pageItems } from '@/lib/paged-query'
import { useDebouncedValue } from '@/lib/use-debounced-value'
import { EmptyState } from '@/components/empty-state'

/** Delay between the last keystroke and the server search. */
export const SEARCH_DEBOUNCE_MS = 300

type Tab = 'properties' | 'requirements'

function Empty({ searching, idle, noMatch }: { searching: boolean; idle: string; noMatch: string }) {
  return (
    <EmptyState
      icon={searching ? SearchX : Store}
      data-testid="marketplace-empty"
      message={searching ? `${noMatch}: try a locality, city or property type.` : `${idle}.`}
    />
  )
}

function Status({ pending, error, what }: { pending: boolean; error: Error | null; what: string }) {
  if (pending) {
    return (
      <div className="flex items-center justify-center gap-2 py-10 text-muted-foreground">
        <Spinner className="size-5" /> Loading {what}...
      </div>
    )
  }
  return (
    <p className="py-10 text-center text-sm text-destructive" role="alert">
      Could not load {what}: {error?.message}
    </p>
  )
}

/** The scrolling list (about 24rem high) with Load more at its end. */
function ScrollList({ children, testId }: { children: React.ReactNode; testId: string }) {
  return (
    <div className="-mx-1 max-h-96 overflow-y-auto px-1" data-testid={testId}>
      {children}
    </div>
  )
}

/** The query a marketplace list reads: a paged list of items with an id. */
type MarketplaceQuery<T> = PagedQuery & {
  data: InfiniteData<Page<T>, unknown> | undefined
  isPending: boolean
  isError: boolean
  isFetching: boolean
}

type ListPanelProps<T> = {
  query: MarketplaceQuery<T>
  searching: boolean
  search: string
  onSearch: (v: string) => void
  label: string
  placeholder: string
  what: string
  idle: string
  noMatch: string
  testId: string
  renderItem: (item: T) => React.ReactNode
}

/** One marketplace tab: server search box, status, empty states and the scrolling list. */
function ListPanel<T extends { id: number }>({
  query,
  searching,
  search,
  onSearch,
  label,
  placeholder,
  what,
  idle,
  noMatch,
  testId,
  renderItem,
}: ListPanelProps<T>) {
  const items = pageItems(query.data)
  return (
    <div className="grid gap-3">
      <SearchInput
        value={search}
        onChange={onSearch}
        label={label}
        placeholder={placeholder}
        busy={query.isFetching && !query.isFetchingNextPage && !query.isPending}
      />
      {query.isPending || (query.isError && !query.isFetchNextPageError) ? (
        <Status pending={query.isPending} error={query.error} what={what} />
      ) : items.length === 0 ? (
        <Empty searching={searching} idle={idle} noMatch={noMatch} />
      ) : (
        <ScrollList testId={testId}>
          <ul className="grid gap-2">
            {items.map((item) => (
              <li key={item.id} className="min-w-0">
                {renderItem(item)}
              </li>
            ))}
          </ul>
          <LoadMore query={query} />
        </ScrollList>
      )}
    </div>
  )
}

type PanelProps<T> = { search: string; onSearch: (v: string) => void; onView: (item: T) => void }

function PropertiesPanel({ search, onSearch, onView }: PanelProps<MarketplaceProperty>) {
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS)
  return (
    <ListPanel
      query={useMarketplaceProperties(q)}
      searching={!!q}
      search={search}
      onSearch={onSearch}
      label="Search properties"
      placeholder="Search by title, locality, city or type"
      what="properties"
      idle="No properties available"
      noMatch="No matching properties"
      testId="marketplace-properties"
      renderItem={(p) => (
        <PropertyCard
          property={p}
          layout="compact"
          onView={() => onView(p)}
          footer={
            <>
              <AgentContact
                agentId={p.agentId}
                name={p.agentName}
                phone={p.agentPhone}
                hidden={p.agentContactHidden}
                reason={p.agentContactReason}
                role="Listed by"
              />
              <AlsoListedBy others={p.alsoListedBy} />
            </>
          }
        />
      )}
    />
  )
}

function RequirementsPanel({ search, onSearch, onView }: PanelProps<PublicRequirement>) {
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS)
  return (
    <ListPanel
      query={useMarketplaceRequirements(q)}
      searching={!!q}
      search={search}
      onSearch={onSearch}
      label="Search requirements"
      placeholder="Search by client name, city, locality or type"
      what="requirements"
      idle="No requirements available"
      noMatch="No matching requirements"
      testId="marketplace-requirements"
      renderItem={(r) => (
        <RequirementCard
          requirement={r}
          className="p-3 shadow-none"
          onView={() => onView(r)}
          footer={
            <AgentContact
              agentId={r.agentId}
              name={r.agentName}
              phone={r.agentPhone}
              hidden={r.agentContactHidden}
              reason={r.agentContactReason}
              role="Buyer agent"
            />
          }
        />
      )}
    />
  )
}

/** The listing agent (or the buyer agent) in a marketplace detail dialog. */
function DialogAgent({ item, role }: { item: MarketplaceProperty | PublicRequirement; role: string }) {
  return (
    <section className="border-t border-border pt-2" data-testid="marketplace-detail-agent">
      <AgentContact agentId={item.agentId} name={item.agentName} phone={item.agentPhone} hidden={item.agentContactHidden} role={role} />
    </section>
  )
}

/**
 * The desktop Marketplace card: every agent's active listings and buyer requirements,
 * searched on the server (debounced), page by page. A tab's list loads when first shown;
 * each tab keeps its search while the other is open. View on a row opens its details
 * (photos, area, description and the listing agent; a requirement with its client as
 * the privacy rules allow) from the row's own data, with no further request.
 */
export function MarketplaceCard() {
  const [tab, setTab] = React.useState<Tab>('properties')
  const [propertySearch, setPropertySearch] = React.useState('')
  const [requirementSearch, setRequirementSearch] = React.useState('')
  const [property, setProperty] = React.useState<MarketplaceProperty | null>(null)
  const [requirement, setRequirement] = React.useState<PublicRequirement | null>(null)
  return (
    <Card data-testid="marketplace-card">
      <CardHeader>
        <CardTitle>Marketplace</CardTitle>
        <CardDescription>Listings and buyer requirements from agents across PropMatch.</CardDescription>
      </CardHeader>
      <CardContent>
        <Tabs value={tab} onValueChange={(v) => setTab(v as Tab)}>
          <TabsList>
            <TabsTrigger value="properties">Available Properties</TabsTrigger>
            <TabsTrigger value="requirements">Buyer Requirements</TabsTrigger>
          </TabsList>
          <TabsContent value="properties">
            <PropertiesPanel search={propertySearch} onSearch={setPropertySearch} onView={setProperty} />
          </TabsContent>
          <TabsContent value="requirements">
            <RequirementsPanel search={requirementSearch} onSearch={setRequirementSearch} onView={setRequirement} />
          </TabsContent>
        </Tabs>
        <PropertyDetailDialog
          property={property}
          open={!!property}
          onOpenChange={(open) => !open && setProperty(null)}
          footer={property && <DialogAgent item={property} role="Listed by" />}
        />
        <RequirementDetailsDialog
          view="marketplace"
          requirement={requirement}
          open={!!requirement}
          onOpenChange={(open) => !open && setRequirement(null)}
          footer={requirement && <DialogAgent item={requirement} role="Buyer agent" />}
        />
      </CardContent>
    </Card>
  )
}
