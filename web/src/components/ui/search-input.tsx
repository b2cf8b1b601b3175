import { Search } from 'lucide-react'
import { Input } from '@/components/ui/input'
import { Spinner } from '@/components/ui/spinner'
import { cn } from '@/lib/utils'

type SearchInputProps = {
  value: string
  onChange: (value: string) => void
  /** The accessible name; also the placeholder unless one is given. */
  label: string
  placeholder?: string
  /** Shows a spinner while a search runs on the server. */
  busy?: boolean
  className?: string
}

/** A search box with its magnifier icon: every list's search field. */
export function SearchInput({ value, onChange, label, placeholder = label, busy = false, className }: SearchInputProps) {
  return (
    <div className={cn('relative', className)}>
      <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
      <Input
        type="search"
        aria-label={label}
        placeholder={placeholder}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="pr-9 pl-9"
      />
      {busy && <Spinner className="absolute top-1/2 right-3 size-4 -translate-y-1/2" label="Searching" />}
    </div>
  )
}
