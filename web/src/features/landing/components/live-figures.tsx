import { useQuery } from '@tanstack/react-query'
import { figureItems, siteFiguresQuery } from '@/shared/site'

/** The hero's live figures, counted by the server (at most every 5 minutes) and rounded down for display. */
export function LiveFigures() {
  const { data, isPending, isError } = useQuery(siteFiguresQuery())
  if (isError) return null
  return (
    <div className="grid gap-2">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-5" aria-busy={isPending} data-testid="live-figures">
        {isPending
          ? Array.from({ length: 5 }, (_, i) => (
              <div key={i} className="h-[4.5rem] rounded-lg bg-brand-foreground/10 ring-1 ring-brand-foreground/15" />
            ))
          : figureItems(data).map((f) => (
              <div
                key={f.label}
                className="flex flex-col-reverse rounded-lg bg-brand-foreground/10 p-3 text-center ring-1 ring-brand-foreground/15"
              >
                <dt className="text-xs text-brand-foreground/80">{f.label}</dt>
                <dd className="text-xl font-bold tabular-nums">{f.value}</dd>
              </div>
            ))}
      </dl>
      <p className="text-xs text-brand-foreground/80">Live from PropMatch, updated every few minutes.</p>
    </div>
  )
}
