import * as React from 'react'
import { Building2, FileText, Trash2 } from 'lucide-react'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { adminDeleteProperty, adminDeleteRequirement } from '@/features/admin/api/delete-listing'
import { useAdminProperties, useAdminRequirements, type AdminProperty, type AdminRequirement } from '@/features/admin/api/get-admin-data'
import { SearchInput } from '@/components/ui/search-input'
import { ListState } from '@/features/admin/components/list-state'
import { useApiMutation } from '@/lib/api-mutation'
import { formatListingPrice, formatPrice } from '@/shared/format'
import { listingPurposeLabel, propertyTypeLabel } from '@/shared/listing-vocabulary'
import { pageItems } from '@/lib/paged-query'
import { useDebouncedValue } from '@/lib/use-debounced-value'

/** Properties: every listing, searched on the server; delete goes through the owner's delete. */
export function PropertiesTab() {
  const [search, setSearch] = React.useState('')
  const q = useDebouncedValue(search.trim(), 300)
  const query = useAdminProperties(q)
  const items = pageItems(query.data)
  const remove = useApiMutation(adminDeleteProperty, {
    successToast: 'Property deleted successfully',
    errorToast: 'Failed to delete property',
  })
  return (
    <div className="grid gap-3">
      <SearchInput value={search} onChange={setSearch} label="Search by title, locality, city, type or agent" />
      <ListState
        query={query}
        count={items.length}
        what="properties"
        icon={Building2}
        emptyMessage={q ? 'No properties match your search.' : 'No properties yet.'}
      >
        <ul className="grid gap-2" data-testid="admin-properties">
          {items.map((p) => (
            <PropertyRow key={p.id} p={p} deleting={remove.isPending && remove.variables === p.id} onDelete={() => remove.mutate(p.id)} />
          ))}
        </ul>
      </ListState>
    </div>
  )
}

function PropertyRow({ p, deleting, onDelete }: { p: AdminProperty; deleting: boolean; onDelete: () => void }) {
  return (
    <li className="flex items-start justify-between gap-3 rounded-lg border border-border bg-card p-3">
      <div className="min-w-0">
        <p className="font-medium text-foreground">{p.title}</p>
        <p className="text-sm text-subtle-foreground">
          {[p.locality, p.city].filter(Boolean).join(', ')} · {formatListingPrice(p.price, p.listingPurpose)}
        </p>
        <div className="mt-1 flex flex-wrap gap-1">
          <Badge variant="secondary">{propertyTypeLabel(p.propertyType)}</Badge>
          <Badge variant="outline">{listingPurposeLabel(p.listingPurpose)}</Badge>
          {!p.agentActive && <Badge variant="destructive">agent deactivated</Badge>}
        </div>
        <p className="text-xs text-muted-foreground">
          Agent #{p.agentId} · {p.agentName}
        </p>
      </div>
      <Button variant="ghost" size="icon" aria-label={`Delete ${p.title}`} disabled={deleting} onClick={onDelete}>
        <Trash2 className="text-destructive" aria-hidden />
      </Button>
    </li>
  )
}

/** Requirements: every requirement, searched on the server; delete goes through the owner's delete. */
export function RequirementsTab() {
  const [search, setSearch] = React.useState('')
  const q = useDebouncedValue(search.trim(), 300)
  const query = useAdminRequirements(q)
  const items = pageItems(query.data)
  const remove = useApiMutation(adminDeleteRequirement, {
    successToast: 'Requirement deleted successfully',
    errorToast: 'Failed to delete requirement',
  })
  return (
    <div className="grid gap-3">
      <SearchInput value={search} onChange={setSearch} label="Search by client, city, type or agent" />
      <ListState
        query={query}
        count={items.length}
        what="requirements"
        icon={FileText}
        emptyMessage={q ? 'No requirements match your search.' : 'No requirements yet.'}
      >
        <ul className="grid gap-2" data-testid="admin-requirements">
          {items.map((r) => (
            <RequirementRow
              key={r.id}
              r={r}
              deleting={remove.isPending && remove.variables === r.id}
              onDelete={() => remove.mutate(r.id)}
            />
          ))}
        </ul>
      </ListState>
    </div>
  )
}

function RequirementRow({ r, deleting, onDelete }: { r: AdminRequirement; deleting: boolean; onDelete: () => void }) {
  return (
    <li className="flex items-start justify-between gap-3 rounded-lg border border-border bg-card p-3">
      <div className="min-w-0">
        <p className="font-medium text-foreground">{r.clientName}</p>
        <p className="text-sm text-subtle-foreground">
          {r.preferredCities.join(', ') || 'Any city'}
          {r.maxPrice != null ? ` · up to ${formatPrice(r.maxPrice)}` : ''}
        </p>
        <div className="mt-1 flex flex-wrap gap-1">
          {r.propertyTypes.map((t) => (
            <Badge key={t} variant="secondary">
              {propertyTypeLabel(t)}
            </Badge>
          ))}
          {!r.agentActive && <Badge variant="destructive">agent deactivated</Badge>}
        </div>
        <p className="text-xs text-muted-foreground">
          Agent #{r.agentId} · {r.agentName}
        </p>
      </div>
      <Button variant="ghost" size="icon" aria-label={`Delete requirement of ${r.clientName}`} disabled={deleting} onClick={onDelete}>
        <Trash2 className="text-destructive" aria-hidden />
      </Button>
    </li>
  )
}
