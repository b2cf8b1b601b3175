import { X } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { NativeSelect } from '@/components/ui/native-select'
import { useOwnListingOptions, useOwnRequirementOptions } from '@/features/matches/api/get-match-filter-options'
import { matchStatusOptions } from '@/features/matches/lib/match-labels'
import { filterFor, isFiltered, matchSortOptions, minScoreOptions, type MatchListFilter, type MatchSort } from '@/features/matches/lib/match-view'
import type { MatchStatus } from '@/lib/api-schemas'
import type { MatchSide } from '@/shared/contact'

type MatchFilterBarProps = { side: MatchSide; filter: MatchListFilter; onChange: (filter: MatchListFilter) => void }

const number = (v: string) => (v === '' ? undefined : Number(v))

/**
 * The order and filters of one Matches tab: sort, status, the agent's requirement (buyer tab) or listing
 * (seller tab), and a minimum score. The server applies them (docs/product.md#matches).
 */
export function MatchFilterBar({ side, filter, onChange }: MatchFilterBarProps) {
  const requirements = useOwnRequirementOptions({ enabled: side === 'buyer' })
  const listings = useOwnListingOptions({ enabled: side === 'seller' })
  const own = side === 'buyer' ? requirements.data : listings.data
  const ownValue = side === 'buyer' ? filter.requirementId : filter.propertyId
  const set = (patch: Partial<MatchListFilter>) => onChange({ ...filter, ...patch })
  return (
    <div
      className="grid grid-cols-2 gap-3 lg:grid-cols-[repeat(2,minmax(9rem,1fr))_minmax(12rem,2fr)_minmax(9rem,1fr)_auto]"
      data-testid="match-filters"
    >
      <NativeSelect aria-label="Sort matches" value={filter.sort} onChange={(e) => set({ sort: e.target.value as MatchSort })}>
        {matchSortOptions.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </NativeSelect>
      <NativeSelect
        aria-label="Status"
        value={filter.status ?? ''}
        onChange={(e) => set({ status: (e.target.value || undefined) as MatchStatus | undefined })}
      >
        <option value="">All statuses</option>
        {matchStatusOptions.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </NativeSelect>
      <div className="col-span-2 lg:col-span-1">
        <NativeSelect
          aria-label={side === 'buyer' ? 'Requirement' : 'Listing'}
          value={ownValue ?? ''}
          onChange={(e) => set(side === 'buyer' ? { requirementId: number(e.target.value) } : { propertyId: number(e.target.value) })}
        >
          <option value="">{side === 'buyer' ? 'All requirements' : 'All listings'}</option>
          {/* A linked id not (yet) among the options still shows as chosen. */}
          {ownValue !== undefined && !own?.some((o) => o.id === ownValue) && (
            <option value={ownValue}>{side === 'buyer' ? `Requirement #${ownValue}` : `Listing #${ownValue}`}</option>
          )}
          {own?.map((o) => (
            <option key={o.id} value={o.id}>
              {o.label}
            </option>
          ))}
        </NativeSelect>
      </div>
      <NativeSelect aria-label="Minimum score" value={filter.minScore ?? ''} onChange={(e) => set({ minScore: number(e.target.value) })}>
        <option value="">Any score</option>
        {filter.minScore !== undefined && !minScoreOptions.some((o) => o.value === filter.minScore) && (
          <option value={filter.minScore}>{filter.minScore}% and above</option>
        )}
        {minScoreOptions.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </NativeSelect>
      {isFiltered(filterFor(side, filter)) && (
        <Button variant="ghost" onClick={() => onChange({ sort: filter.sort })}>
          <X /> Clear filters
        </Button>
      )}
    </div>
  )
}
