import { describe, expect, it } from 'vitest'
import { makeReport } from '@/features/analytics/lib/analytics-fixture'
import {
  activitySeries,
  cardFigures,
  dealFigures,
  formatDuration,
  formatPercent,
  isSparse,
  funnelRows,
  funnelSummary,
  isAnalyticsWindow,
  matchSeries,
  responseSummary,
  propertyTypeRows,
  rowsSummary,
  seriesSummary,
  shortDate,
  timelineRows,
} from '@/features/analytics/lib/analytics-view'

describe('analytics view', () => {
  it.each([
    [null, 'No replies yet'],
    [45, '45 s'],
    [59.6, '1 min'],
    [720, '12 min'],
    [3600, '1 h'],
    [5400, '1 h 30 min'],
    [86400, '1 d'],
    [97200, '1 d 3 h'],
  ])('formats %s seconds as %s', (seconds, want) => {
    expect(formatDuration(seconds)).toBe(want)
  })

  it.each([
    [1, '100%'],
    [0.6666, '66.7%'],
    [0.5, '50%'],
    [0, '0%'],
  ])('formats the share %s as %s', (share, want) => {
    expect(formatPercent(share)).toBe(want)
  })

  it('accepts only the three windows', () => {
    expect(['7d', '30d', '90d'].every(isAnalyticsWindow)).toBe(true)
    expect(['1d', '30', '', null].some(isAnalyticsWindow)).toBe(false)
  })

  it('counts answered conversations in words', () => {
    expect(responseSummary(makeReport())).toBe('2 of 3 conversations opened by other agents answered, in the last 7 days')
    expect(responseSummary(makeReport({ responseTime: { received: 1, answered: 0, medianSeconds: null } }))).toBe(
      '0 of 1 conversation opened by other agents answered, in the last 7 days',
    )
  })

  it('shows India dates as day and month', () => {
    expect(shortDate('2026-06-07')).toBe('7 Jun')
  })

  it('takes the cards from the report', () => {
    expect(cardFigures(makeReport()).map((c) => [c.label, c.total, c.inWindow])).toEqual([
      ['Properties', 2, 0],
      ['Requirements', 1, 1],
      ['Matches', 5, 3],
      ['Connections', 2, 1],
      ['Messages Sent', 3, 2],
    ])
  })

  it('labels counts and summarises the non-zero ones', () => {
    const r = makeReport()
    expect(propertyTypeRows(r)).toEqual([
      { label: 'Apartment', value: 1 },
      { label: 'Villa', value: 1 },
      { label: 'Plot', value: 0 },
    ])
    expect(rowsSummary(propertyTypeRows(r), 'None')).toBe('Apartment 1, Villa 1')
    expect(rowsSummary(timelineRows(r), 'None')).toBe('Immediate 1')
    expect(rowsSummary([{ label: 'Plot', value: 0 }], 'No listings yet.')).toBe('No listings yet.')
  })

  it('summarises the funnel with shares of the first step', () => {
    const r = makeReport()
    expect(funnelSummary(r)).toBe('Of 3 new matches: 3 viewed (100%), 2 contacted (66.7%), 1 interested (33.3%), 0 closed (0%).')
    expect(funnelRows(r)[3]).toEqual({ label: 'Interested', value: 1, fromPrevious: '50%', fromStart: '33.3%' })
    const empty = makeReport({ funnel: [{ step: 'new', count: 0, fromPrevious: 0, fromStart: 0 }] })
    expect(funnelSummary(empty)).toBe('No new matches in the last 7 days.')
  })

  it('sums the series and finds the busiest day', () => {
    const r = makeReport()
    expect(seriesSummary(r, matchSeries)).toBe('Last 7 days, matches as buyer: 2, matches as seller: 1. Busiest day: 7 Jun (2).')
    expect(seriesSummary(r, activitySeries)).toBe(
      'Last 7 days, messages sent: 2, messages received: 4, connections made: 1. Busiest day: 7 Jun (5).',
    )
    const quiet = makeReport({ series: r.series.map((d) => ({ ...d, messagesSent: 0, messagesReceived: 0, connections: 0 })) })
    expect(seriesSummary(quiet, activitySeries)).toMatch(/No activity yet\.$/)
  })
})

describe('isSparse (issue 25)', () => {
  it('is true when at most a third of the days have a value', () => {
    const days = (values: number[]) => values.map((v, i) => ({ day: String(i), listings: v }))
    expect(isSparse(days([0, 0, 5, 0, 0, 0]), 'listings')).toBe(true)
    expect(isSparse(days([1, 2, 0, 3]), 'listings')).toBe(false)
    expect(isSparse([], 'listings')).toBe(false)
  })

  it('turns the deal values from paise into rupees', () => {
    const d = dealFigures(makeReport({ deals: { ...makeReport().deals, closedValuePaise: 1_250_000_050, closedValueInWindowPaise: 99 } }))
    expect(d.closedValue).toBe(12_500_001)
    expect(d.closedValueInWindow).toBe(1)
    expect(d.agreed).toEqual({ total: 1, inWindow: 1 })
  })
})
