// The analytics journey: agents A and B make real activity through the API (A's
// listing, B's matching requirement, a connection, messages both ways, A's lead
// status), then A opens Performance Analytics at 1280 px and at 390 px. Every
// figure the page shows is checked against GET /api/analytics for the same
// window, each tab is shown with a chart's table opened, and the page must
// break neither the Content-Security-Policy (recharts draws SVG with styles)
// nor the phone width.
import { apiJson, newAgent, registerThroughAPI } from '../lib/agents.mjs'
import { horizontalOverflow, MOBILE, shot } from '../lib/browser.mjs'
import { expect, test } from '../lib/journey.mjs'

const agentA = newAgent('ana_a', 'Aarti Analytics', 'seller', '6')
const agentB = newAgent('ana_b', 'Bharat Analytics', 'buyer', '7')

const listing = {
  title: '3BHK in Indiranagar',
  description: 'Corner flat near the metro',
  propertyType: 'apartment',
  listingPurpose: 'for_sale',
  price: 15000000,
  state: 'Karnataka',
  city: 'Bengaluru',
  locality: 'Indiranagar',
  pincode: '560038',
  bedrooms: 3,
  bathrooms: 3,
}
const requirement = {
  clientName: 'Ravi Menon',
  clientPhone: '9876501234',
  propertyTypes: ['apartment'],
  listingPurpose: 'forSale',
  minPrice: 14000000,
  maxPrice: 16000000,
  preferredState: 'Karnataka',
  preferredCities: ['Bengaluru'],
  preferredLocalities: 'Indiranagar',
  minBedrooms: 3,
  timeline: '1month',
}

/** What the page shows for a median of s seconds: exact under a minute (a reply within the journey is). */
const formatDuration = (s) => (s === null ? 'No replies yet' : s < 60 ? `${Math.round(s)} s` : /^\d+ (min|h|d)/)

/** Checks what page shows against report (the API's answer for the same window). */
async function expectFigures(page, report) {
  const cards = {
    properties: 'properties',
    requirements: 'requirements',
    matches: 'matches',
    connections: 'connections',
    messages: 'messagesSent',
  }
  for (const [id, key] of Object.entries(cards)) {
    const card = page.getByTestId(`card-${id}`)
    await expect(card.getByTestId('card-total'), `${id} total`).toHaveText(String(report.cards[key].total))
    await expect(card.getByTestId('card-window'), `${id} in window`).toHaveText(String(report.cards[key].inWindow))
  }
  const rt = report.responseTime
  await expect(page.getByTestId('response-counts')).toContainText(`${rt.answered} of ${rt.received} conversation`)
  await expect(page.getByTestId('response-median')).toHaveText(formatDuration(rt.medianSeconds))
}

test('an agent sees analytics that agree with their real activity', async ({ page, newContext, step }) => {
  const ctxB = await newContext()
  const pageB = await ctxB.newPage()
  let userA, userB
  await step('register-and-act', async () => {
    userA = await registerThroughAPI(page, agentA)
    userB = await registerThroughAPI(pageB, agentB)
    await apiJson(page, 'POST', '/api/properties', listing)
    await apiJson(pageB, 'POST', '/api/requirements', requirement)
    const [match] = await apiJson(page, 'GET', '/api/matches?type=seller')
    expect(match, "B's requirement matches A's listing").toBeTruthy()
    await apiJson(page, 'PUT', `/api/matches/${match.id}/status`, {
      status: 'contacted',
    })
    const conn = await apiJson(page, 'POST', '/api/connections', {
      recipientId: userB.id,
      message: 'Let us work together',
    })
    await apiJson(pageB, 'PUT', `/api/connections/${conn.id}`, {
      status: 'accepted',
    })
    await apiJson(pageB, 'POST', '/api/messages', {
      receiverId: userA.id,
      content: 'Is the Indiranagar flat still available?',
    })
    await apiJson(page, 'POST', '/api/messages', {
      receiverId: userB.id,
      content: 'Yes, shall we visit on Saturday?',
    })
  })

  let report
  await step('overview-desktop', async () => {
    report = await apiJson(page, 'GET', '/api/analytics?window=30d')
    expect(report.cards.properties.total).toBe(1)
    expect(report.cards.matches.total).toBe(1)
    expect(report.cards.connections.total).toBe(1)
    expect(report.cards.messagesSent.total).toBe(1)
    expect(report.responseTime).toMatchObject({ received: 1, answered: 1 })
    await page.goto('/analytics')
    await expect(page.getByRole('heading', { name: 'Performance Analytics' })).toBeVisible()
    await expectFigures(page, report)
    const series = page.getByTestId('chart-match-series')
    await expect(series.locator('svg.recharts-surface').first(), 'the chart is drawn').toBeVisible()
    await expect(series.getByTestId('chart-summary')).toContainText('matches as buyer: 0, matches as seller: 1')
    await shot(page, 'analytics-desktop-01-overview')
  })

  await step('properties-desktop', async () => {
    await page.getByRole('tab', { name: 'Properties' }).click()
    const types = page.getByTestId('chart-property-types')
    await expect(types.getByTestId('chart-summary')).toHaveText('Apartment 1')
    await types.getByRole('button', { name: 'Show table' }).click()
    await expect(types.getByRole('row', { name: /Apartment/ })).toContainText('1')
    const perf = page.getByTestId('listing-performance').getByRole('row', { name: /3BHK in Indiranagar/ })
    const row = report.listingPerformance[0]
    await expect(perf).toHaveText(`${row.title}${row.matches}${row.contacted}${row.interested}`)
    await expect(page.getByTestId('recent-properties')).toContainText('3BHK in Indiranagar')
    await shot(page, 'analytics-desktop-02-properties')
  })

  await step('matches-desktop', async () => {
    await page.getByRole('tab', { name: 'Matches' }).click()
    const funnel = page.getByTestId('chart-funnel')
    await expect(funnel.getByTestId('chart-summary')).toHaveText(
      'Of 1 new match: 1 viewed (100%), 1 contacted (100%), 0 interested (0%), 0 closed (0%).',
    )
    await expect(page.getByTestId('chart-statuses').getByTestId('chart-summary')).toHaveText('Contacted 1')
    expect(report.matchStatuses.find((s) => s.status === 'contacted')).toMatchObject({ asSeller: 1, total: 1 })
    await shot(page, 'analytics-desktop-03-matches')
  })

  await step('activity-desktop', async () => {
    await page.getByRole('tab', { name: 'Activity' }).click()
    const activity = page.getByTestId('chart-activity-series')
    await expect(activity.getByTestId('chart-summary')).toContainText('messages sent: 1, messages received: 1, connections made: 1')
    await expect(page.getByTestId('recent-messages')).toContainText(`From ${agentB.fullName}`)
    await expect(page.getByTestId('recent-connections')).toContainText(agentB.fullName)
    await shot(page, 'analytics-desktop-04-activity')
  })

  await step('window-7d', async () => {
    await page.getByRole('button', { name: '7 days' }).click()
    await expect(page).toHaveURL(/window=7d/)
    const week = await apiJson(page, 'GET', '/api/analytics?window=7d')
    await page.getByRole('tab', { name: 'Overview' }).click()
    await expectFigures(page, week)
  })

  const phone = await (await newContext(MOBILE)).newPage()
  await step('phone', async () => {
    await phone.request.post('/api/login', {
      data: { username: agentA.username, password: agentA.password },
    })
    await phone.goto('/analytics')
    await expectFigures(phone, report)
    expect(await horizontalOverflow(phone), 'no sideways scroll on Overview').toBe(0)
    await shot(phone, 'analytics-mobile-01-overview')
    for (const [tab, name] of [
      ['Properties', 'analytics-mobile-02-properties'],
      ['Matches', 'analytics-mobile-03-matches'],
      ['Activity', 'analytics-mobile-04-activity'],
    ]) {
      await phone.getByRole('tab', { name: tab }).click()
      await expect(phone.getByRole('tabpanel')).toBeVisible()
      if (tab === 'Matches') await phone.getByTestId('chart-funnel').getByRole('button', { name: 'Show table' }).click()
      expect(await horizontalOverflow(phone), `no sideways scroll on ${tab}`).toBe(0)
      await shot(phone, name)
    }
  })
})
