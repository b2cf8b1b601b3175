import * as React from 'react'
import { useSearchParams } from 'react-router'
import { Spinner } from '@/components/ui/spinner'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs'
import { useAnalytics } from '@/features/analytics/api/get-analytics'
import { ActivityTab, MatchesTab, OverviewTab, PropertiesTab } from '@/features/analytics/components/analytics-tabs'
import { analyticsWindows, DEFAULT_WINDOW, isAnalyticsWindow } from '@/features/analytics/lib/analytics-view'
import { cn } from '@/lib/utils'

const tabs = [
  { value: 'overview', label: 'Overview', Content: OverviewTab },
  { value: 'properties', label: 'Properties', Content: PropertiesTab },
  { value: 'matches', label: 'Matches', Content: MatchesTab },
  { value: 'activity', label: 'Activity', Content: ActivityTab },
] as const

/** The window buttons: one pressed at a time. */
function WindowPicker({ value, onChange }: { value: string; onChange: (w: (typeof analyticsWindows)[number]['value']) => void }) {
  return (
    <div role="group" aria-label="Window" className="inline-flex rounded-lg bg-muted p-1">
      {analyticsWindows.map((w) => (
        <button
          key={w.value}
          type="button"
          aria-pressed={value === w.value}
          onClick={() => onChange(w.value)}
          className={cn(
            'rounded-md px-3 py-1.5 text-sm font-medium text-subtle-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
            value === w.value && 'bg-card text-foreground shadow-sm',
          )}
        >
          {w.label}
        </button>
      ))}
    </div>
  )
}

/** /analytics: the caller's figures over 7, 30 or 90 days (?window=), in four tabs (?tab=). */
export function AnalyticsPage() {
  const [params, setParams] = useSearchParams()
  const windowParam = params.get('window')
  const window = isAnalyticsWindow(windowParam) ? windowParam : DEFAULT_WINDOW
  const tab = tabs.some((t) => t.value === params.get('tab')) ? (params.get('tab') as string) : 'overview'
  const query = useAnalytics(window)

  React.useEffect(() => {
    document.title = 'Performance Analytics · PropMatch'
  }, [])

  const set = (key: string, value: string) =>
    setParams(
      (p) => {
        p.set(key, value)
        return p
      },
      { replace: true },
    )

  return (
    <div className="mx-auto grid max-w-6xl gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-foreground">Performance Analytics</h1>
          <p className="text-subtle-foreground">How your listings, requirements and matches perform.</p>
        </div>
        <WindowPicker value={window} onChange={(w) => set('window', w)} />
      </div>
      {query.isPending ? (
        <div className="flex items-center justify-center gap-2 py-12 text-muted-foreground">
          <Spinner className="size-5" /> Loading analytics...
        </div>
      ) : query.isError ? (
        <p className="py-12 text-center text-destructive" role="alert">
          Failed to load analytics: {query.error.message}
        </p>
      ) : (
        <Tabs value={tab} onValueChange={(v) => set('tab', v)}>
          <TabsList className="w-full justify-start overflow-x-auto sm:w-auto">
            {tabs.map((t) => (
              <TabsTrigger key={t.value} value={t.value} className="flex-1 sm:flex-none">
                {t.label}
              </TabsTrigger>
            ))}
          </TabsList>
          {tabs.map(({ value, Content }) => (
            <TabsContent key={value} value={value} data-testid={`tab-${value}`} aria-busy={query.isPlaceholderData}>
              <Content report={query.data} />
            </TabsContent>
          ))}
        </Tabs>
      )}
    </div>
  )
}
