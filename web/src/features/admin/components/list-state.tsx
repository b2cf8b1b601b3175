import * as React from 'react'
import { Search, type LucideIcon } from 'lucide-react'
import { EmptyState } from '@/components/empty-state'
import { LoadMore, type PagedQuery } from '@/components/load-more'
import { Input } from '@/components/ui/input'
import { Spinner } from '@/components/ui/spinner'

/** A search box for a server-searched admin list. */
export function SearchBox({ value, onChange, label }: { value: string; onChange: (v: string) => void; label: string }) {
  return (
    <div className="relative">
      <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" aria-hidden />
      <Input
        type="search"
        aria-label={label}
        placeholder={label}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="pl-9"
      />
    </div>
  )
}

type ListStateProps = {
  query: PagedQuery & { isPending: boolean; isError: boolean }
  count: number
  what: string
  icon: LucideIcon
  emptyMessage: string
  children: React.ReactNode
}

/** Loading, error and empty states around an admin list, and Load more under it. */
export function ListState({ query, count, what, icon, emptyMessage, children }: ListStateProps) {
  if (query.isPending)
    return (
      <div className="flex items-center justify-center gap-2 py-12 text-slate-500">
        <Spinner className="size-5" /> Loading {what}...
      </div>
    )
  if (query.isError && !query.isFetchNextPageError)
    return (
      <p className="py-12 text-center text-red-600" role="alert">
        Could not load {what}: {query.error?.message}
      </p>
    )
  if (count === 0) return <EmptyState icon={icon} message={emptyMessage} />
  return (
    <>
      {children}
      <LoadMore query={query} />
    </>
  )
}
