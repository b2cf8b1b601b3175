import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { ChartPanel, FigureTable } from '@/features/analytics/components/chart-panel'
import { CountBarChart, SeriesLineChart, StatusBarChart } from '@/features/analytics/components/charts'
import { RecentList } from '@/features/analytics/components/recent-list'
import {
  activitySeries,
  cardFigures,
  dealFigures,
  formatDuration,
  responseSummary,
  funnelRows,
  funnelSummary,
  listingPurposeRows,
  matchSeries,
  propertyTypeRows,
  rowsSummary,
  seriesRows,
  seriesSummary,
  statusLabel,
  statusRows,
  timelineLabel,
  timelineRows,
  windowLabel,
  type Row,
} from '@/features/analytics/lib/analytics-view'
import type { AnalyticsReport } from '@/lib/api-schemas'
import { formatListingPrice, formatPrice } from '@/shared/format'
import { listingPurposeLabel, propertyTypeLabel } from '@/shared/listing-vocabulary'

type Props = { report: AnalyticsReport }

function countTable(label: string, rows: Row[]) {
  return { columns: [label, 'Count'], rows: rows.map((r) => [r.label, r.value]) }
}

function seriesTable(report: AnalyticsReport, keys: typeof matchSeries | typeof activitySeries) {
  return {
    columns: ['Day', ...keys.map((k) => k.label)],
    rows: seriesRows(report).map((d) => [d.day, ...keys.map((k) => d[k.key])]),
  }
}

/** The five cards, then the response time and the match trend. */
export function OverviewTab({ report }: Props) {
  const within = `in the last ${windowLabel(report.window)}`
  return (
    <div className="grid gap-4">
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {cardFigures(report).map((c) => (
          <Card key={c.key} data-testid={`card-${c.key}`} className="min-w-0">
            <CardContent className="grid gap-1 p-4">
              <p className="text-sm text-muted-foreground">{c.label}</p>
              <p className="text-2xl font-bold text-foreground tabular-nums" data-testid="card-total">
                {c.total}
              </p>
              <p className="text-xs text-muted-foreground">
                <span data-testid="card-window">{c.inWindow}</span> {c.note} {within}
              </p>
            </CardContent>
          </Card>
        ))}
      </div>
      <div className="grid items-start gap-4 lg:grid-cols-3">
        <div className="grid min-w-0 gap-4">
          <Card data-testid="response-time" className="min-w-0">
            <CardHeader className="pb-2">
              <CardTitle className="text-base">Median first response</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-1">
              <p className="text-2xl font-bold text-foreground" data-testid="response-median">
                {formatDuration(report.responseTime.medianSeconds)}
              </p>
              <p className="text-sm text-muted-foreground" data-testid="response-counts">
                {responseSummary(report)}
              </p>
            </CardContent>
          </Card>
          <DealsCard report={report} />
        </div>
        <div className="min-w-0 lg:col-span-2">
          <ChartPanel
            title="New matches per day"
            summary={seriesSummary(report, matchSeries)}
            table={seriesTable(report, matchSeries)}
            testId="chart-match-series"
          >
            <SeriesLineChart rows={seriesRows(report)} keys={matchSeries} />
          </ChartPanel>
        </div>
      </div>
    </div>
  )
}

/** Co-broking deals the caller is a side of: agreed, closed, and what the closed deals were worth. */
function DealsCard({ report }: Props) {
  const d = dealFigures(report)
  const within = `in the last ${windowLabel(report.window)}`
  const rows = [
    { key: 'agreed', label: 'Agreed', total: String(d.agreed.total), inWindow: String(d.agreed.inWindow) },
    { key: 'closed', label: 'Closed', total: String(d.closed.total), inWindow: String(d.closed.inWindow) },
    { key: 'value', label: 'Closed value', total: formatPrice(d.closedValue), inWindow: formatPrice(d.closedValueInWindow) },
  ]
  return (
    <Card data-testid="card-deals" className="min-w-0">
      <CardHeader className="pb-2">
        <CardTitle className="text-base">Deals</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-2">
          {rows.map((r) => (
            <div key={r.key} className="flex flex-wrap items-baseline justify-between gap-x-3" data-testid={`deals-${r.key}`}>
              <dt className="text-sm text-muted-foreground">{r.label}</dt>
              <dd className="text-right">
                <span className="text-lg font-bold text-foreground tabular-nums" data-testid="deals-total">
                  {r.total}
                </span>{' '}
                <span className="text-xs text-muted-foreground">
                  (<span data-testid="deals-window">{r.inWindow}</span> {within})
                </span>
              </dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  )
}

function performanceTable(list: AnalyticsReport['listingPerformance'], first: string) {
  return { columns: [first, 'Matches', 'Contacted', 'Interested'], rows: list.map((p) => [p.title, p.matches, p.contacted, p.interested]) }
}

/** Listings and requirements: counts per type, purpose and timeline, and how each one performs. */
export function PropertiesTab({ report }: Props) {
  const counts = [
    {
      title: 'Listings by property type',
      column: 'Property type',
      rows: propertyTypeRows(report),
      name: 'Listings',
      testId: 'chart-property-types',
    },
    {
      title: 'Listings by purpose',
      column: 'Purpose',
      rows: listingPurposeRows(report),
      name: 'Listings',
      testId: 'chart-listing-purposes',
    },
    { title: 'Requirements by timeline', column: 'Timeline', rows: timelineRows(report), name: 'Requirements', testId: 'chart-timelines' },
  ]
  const within = `matches made in the last ${windowLabel(report.window)}; top 10 by matches`
  return (
    <div className="grid gap-4">
      <div className="grid items-start gap-4 lg:grid-cols-3">
        {counts.map(({ title, column, rows, name, testId }) => (
          <ChartPanel
            key={testId}
            title={title}
            summary={rowsSummary(rows, `No ${name.toLowerCase()} yet.`)}
            table={countTable(column, rows)}
            testId={testId}
          >
            <CountBarChart rows={rows} name={name} />
          </ChartPanel>
        ))}
      </div>
      <div className="grid items-start gap-4 lg:grid-cols-2">
        <PerformanceCard
          title="Listing performance"
          note={within}
          table={performanceTable(report.listingPerformance, 'Listing')}
          empty="None of your listings has a match in this window."
          testId="listing-performance"
        />
        <PerformanceCard
          title="Requirement performance"
          note={within}
          table={performanceTable(report.requirementPerformance, 'Client')}
          empty="None of your requirements has a match in this window."
          testId="requirement-performance"
        />
        <RecentList
          title="Recent properties"
          testId="recent-properties"
          emptyText="No listings yet."
          items={report.recent.properties.map((p) => ({
            key: String(p.id),
            title: p.title,
            detail: `${propertyTypeLabel(p.propertyType)} · ${listingPurposeLabel(p.listingPurpose)} · ${p.city} · ${formatListingPrice(p.price, p.listingPurpose)}`,
            date: p.createdAt,
          }))}
        />
        <RecentList
          title="Recent requirements"
          testId="recent-requirements"
          emptyText="No requirements yet."
          items={report.recent.requirements.map((q) => ({
            key: String(q.id),
            title: q.clientName,
            detail: timelineLabel(q.timeline),
            date: q.createdAt,
          }))}
        />
      </div>
    </div>
  )
}

function PerformanceCard({
  title,
  note,
  table,
  empty,
  testId,
}: {
  title: string
  note: string
  table: ReturnType<typeof performanceTable>
  empty: string
  testId: string
}) {
  return (
    <Card data-testid={testId} className="min-w-0">
      <CardHeader className="pb-2">
        <CardTitle className="text-base">{title}</CardTitle>
        <p className="text-xs text-muted-foreground">Of the {note}.</p>
      </CardHeader>
      <CardContent className="overflow-x-auto">
        {table.rows.length === 0 ? <p className="text-sm text-muted-foreground">{empty}</p> : <FigureTable caption={title} table={table} />}
      </CardContent>
    </Card>
  )
}

/** Status breakdown, the conversion funnel and the recent matches. */
export function MatchesTab({ report }: Props) {
  const statuses = statusRows(report)
  const funnel = funnelRows(report)
  return (
    <div className="grid items-start gap-4 lg:grid-cols-2">
      <ChartPanel
        title="Match status (your side)"
        summary={rowsSummary(
          statuses.map((s) => ({ label: s.label, value: s.total })),
          `No matches in the last ${windowLabel(report.window)}.`,
        )}
        table={{
          columns: ['Status', 'As buyer', 'As seller', 'Total'],
          rows: statuses.map((s) => [s.label, s.asBuyer, s.asSeller, s.total]),
        }}
        testId="chart-statuses"
      >
        <StatusBarChart rows={statuses} />
      </ChartPanel>
      <ChartPanel
        title="Conversion funnel"
        summary={funnelSummary(report)}
        table={{
          columns: ['Step', 'Matches', 'Of previous', 'Of new'],
          rows: funnel.map((f) => [f.label, f.value, f.fromPrevious, f.fromStart]),
        }}
        testId="chart-funnel"
      >
        <CountBarChart rows={funnel} name="Matches" />
      </ChartPanel>
      <RecentList
        title="Recent matches"
        testId="recent-matches"
        emptyText="No matches yet."
        items={report.recent.matches.map((m) => ({
          key: `${m.id}-${m.side}`,
          title: m.propertyTitle,
          detail: `As ${m.side} · ${statusLabel(m.match.status)} · ${m.matchScore}%`,
          date: m.match.createdAt,
        }))}
      />
    </div>
  )
}

/** Messages and connections per day, and the recent ones. */
export function ActivityTab({ report }: Props) {
  return (
    <div className="grid items-start gap-4 lg:grid-cols-2">
      <div className="min-w-0 lg:col-span-2">
        <ChartPanel
          title="Messages and connections per day"
          summary={seriesSummary(report, activitySeries)}
          table={seriesTable(report, activitySeries)}
          testId="chart-activity-series"
        >
          <SeriesLineChart rows={seriesRows(report)} keys={activitySeries} />
        </ChartPanel>
      </div>
      <RecentList
        title="Recent messages"
        testId="recent-messages"
        emptyText="No messages yet."
        items={report.recent.messages.map((m) => ({
          key: String(m.id),
          title: `${m.direction === 'sent' ? 'To' : 'From'} ${m.agentName}`,
          detail: m.preview,
          date: m.createdAt,
        }))}
      />
      <RecentList
        title="Recent connections"
        testId="recent-connections"
        emptyText="No connections yet."
        items={report.recent.connections.map((c) => ({ key: String(c.id), title: c.agentName, detail: 'Connected', date: c.acceptedAt }))}
      />
    </div>
  )
}
