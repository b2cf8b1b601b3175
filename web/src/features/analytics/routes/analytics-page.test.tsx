import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import type { AnalyticsReport } from '@/lib/api-schemas'
import { makeReport } from '@/features/analytics/lib/analytics-fixture'
import { AnalyticsPage } from '@/features/analytics/routes/analytics-page'
import { currentLocation, mockApi, renderWithProviders } from '@/test/utils'

function setup(route = '/analytics') {
  const api = mockApi({
    'GET /api/analytics': ({ url }) => {
      const window = (url.searchParams.get('window') ?? '30d') as AnalyticsReport['window']
      return {
        body: makeReport({ window, cards: { ...makeReport().cards, properties: { total: 2, inWindow: window === '90d' ? 2 : 0 } } }),
      }
    },
  })
  const user = userEvent.setup()
  renderWithProviders(<AnalyticsPage />, { route, path: '/analytics' })
  return { ...api, user }
}

describe('Performance Analytics page', () => {
  it('shows the five cards from the server and asks for the 30-day window by default', async () => {
    const { calls } = setup()
    const card = await screen.findByTestId('card-matches')
    expect(within(card).getByTestId('card-total')).toHaveTextContent('5')
    expect(within(card).getByTestId('card-window')).toHaveTextContent('3')
    expect(calls.map((c) => c.path).filter((p) => p.startsWith('/api/analytics'))).toEqual(['/api/analytics?window=30d'])
    expect(screen.getByTestId('response-median')).toHaveTextContent('1 h')
    expect(screen.getByTestId('response-counts')).toHaveTextContent('2 of 3 conversations')
    expect(screen.getByRole('button', { name: '30 days' })).toHaveAttribute('aria-pressed', 'true')
  })

  it('shows the deals card: agreed, closed and the closed value in lakh or crore', async () => {
    setup()
    const card = await screen.findByTestId('card-deals')
    expect(within(card).getByText('Deals')).toBeInTheDocument()
    const agreed = within(card).getByTestId('deals-agreed')
    expect(within(agreed).getByTestId('deals-total')).toHaveTextContent('1')
    expect(within(agreed).getByTestId('deals-window')).toHaveTextContent('1')
    const closed = within(card).getByTestId('deals-closed')
    expect(within(closed).getByTestId('deals-total')).toHaveTextContent('1')
    expect(within(closed).getByTestId('deals-window')).toHaveTextContent('0')
    const value = within(card).getByTestId('deals-value')
    // 695000000 paise is ₹69,50,000.
    expect(within(value).getByTestId('deals-total')).toHaveTextContent('₹69.50 L')
    expect(within(value).getByTestId('deals-window')).toHaveTextContent('₹0')
    expect(value).toHaveTextContent('in the last 30 days')
  })

  it('changes the window through the buttons and keeps it in the address', async () => {
    const { user, calls } = setup()
    await screen.findByTestId('card-properties')
    await user.click(screen.getByRole('button', { name: '90 days' }))
    await waitFor(() => expect(within(screen.getByTestId('card-properties')).getByTestId('card-window')).toHaveTextContent('2'))
    expect(calls.at(-1)?.path).toBe('/api/analytics?window=90d')
    expect(currentLocation()).toBe('/analytics?window=90d')
  })

  it('ignores an unknown window in the address', async () => {
    const { calls } = setup('/analytics?window=365d')
    await screen.findByTestId('card-matches')
    expect(calls.find((c) => c.path.startsWith('/api/analytics'))?.path).toBe('/api/analytics?window=30d')
  })

  it('has four tabs; each chart has a summary and a table toggle', async () => {
    const { user } = setup('/analytics?tab=matches')
    const funnel = await screen.findByTestId('chart-funnel')
    expect(within(funnel).getByTestId('chart-summary')).toHaveTextContent('Of 3 new matches: 3 viewed (100%)')
    expect(within(funnel).getByRole('img')).toHaveAccessibleName(/Of 3 new matches/)
    const toggle = within(funnel).getByRole('button', { name: 'Show table' })
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    expect(within(funnel).queryByRole('table')).toBeNull()
    await user.click(toggle)
    expect(within(funnel).getByRole('button', { name: 'Hide table' })).toHaveAttribute('aria-expanded', 'true')
    const rows = within(within(funnel).getByRole('table')).getAllByRole('row')
    expect(rows.map((r) => r.textContent)).toEqual([
      'StepMatchesOf previousOf new',
      'New3100%100%',
      'Viewed3100%100%',
      'Contacted266.7%66.7%',
      'Interested150%33.3%',
      'Closed00%0%',
    ])
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Overview', 'Properties', 'Matches', 'Activity'])
    await user.click(screen.getByRole('tab', { name: 'Properties' }))
    const types = await screen.findByTestId('chart-property-types')
    expect(within(types).getByTestId('chart-summary')).toHaveTextContent('Apartment 1, Villa 1')
    expect(within(screen.getByTestId('listing-performance')).getByRole('table')).toHaveTextContent('Villa in Whitefield111')
    expect(currentLocation()).toBe('/analytics?tab=properties')
  })

  it('shows the error from the server', async () => {
    mockApi({ 'GET /api/analytics': { status: 500, body: { message: 'Something went wrong' } } })
    renderWithProviders(<AnalyticsPage />, { route: '/analytics', path: '/analytics' })
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load analytics')
  })
})
