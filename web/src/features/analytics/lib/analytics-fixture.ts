import type { AnalyticsReport } from '@/lib/api-schemas'

/** A 7-day report with a little of everything, for the analytics tests. */
export function makeReport(over: Partial<AnalyticsReport> = {}): AnalyticsReport {
  const days = ['2026-06-04', '2026-06-05', '2026-06-06', '2026-06-07', '2026-06-08', '2026-06-09', '2026-06-10']
  const zero = { matchesAsBuyer: 0, matchesAsSeller: 0, messagesSent: 0, messagesReceived: 0, connections: 0 }
  return {
    window: '7d',
    deals: {
      agreed: { total: 1, inWindow: 1 },
      closed: { total: 1, inWindow: 0 },
      closedValuePaise: 695000000,
      closedValueInWindowPaise: 0,
    },
    from: days[0],
    to: days[6],
    cards: {
      properties: { total: 2, inWindow: 0 },
      requirements: { total: 1, inWindow: 1 },
      matches: { total: 5, inWindow: 3 },
      matchesAsBuyer: { total: 2, inWindow: 2 },
      matchesAsSeller: { total: 3, inWindow: 1 },
      connections: { total: 2, inWindow: 1 },
      messagesSent: { total: 3, inWindow: 2 },
    },
    propertyTypes: [
      { value: 'apartment', count: 1 },
      { value: 'villa', count: 1 },
      { value: 'plot', count: 0 },
    ],
    listingPurposes: [
      { value: 'for_sale', count: 1 },
      { value: 'for_rent', count: 1 },
      { value: 'for_lease', count: 0 },
    ],
    requirementTimelines: [
      { value: 'immediate', count: 1 },
      { value: '3months', count: 0 },
    ],
    matchStatuses: [
      { status: 'new', asBuyer: 1, asSeller: 0, total: 1 },
      { status: 'contacted', asBuyer: 1, asSeller: 0, total: 1 },
      { status: 'interested', asBuyer: 0, asSeller: 1, total: 1 },
    ],
    funnel: [
      { step: 'new', count: 3, fromPrevious: 1, fromStart: 1 },
      { step: 'viewed', count: 3, fromPrevious: 1, fromStart: 1 },
      { step: 'contacted', count: 2, fromPrevious: 0.6666, fromStart: 0.6666 },
      { step: 'interested', count: 1, fromPrevious: 0.5, fromStart: 0.3333 },
      { step: 'closed', count: 0, fromPrevious: 0, fromStart: 0 },
    ],
    series: days.map((date) =>
      date === '2026-06-07'
        ? { date, matchesAsBuyer: 1, matchesAsSeller: 1, messagesSent: 2, messagesReceived: 2, connections: 1 }
        : date === '2026-06-09'
          ? { ...zero, date, matchesAsBuyer: 1, messagesReceived: 2 }
          : { ...zero, date },
    ),
    responseTime: { received: 3, answered: 2, medianSeconds: 3600 },
    listingPerformance: [{ id: 2, title: 'Villa in Whitefield', matches: 1, contacted: 1, interested: 1 }],
    requirementPerformance: [{ id: 1, title: 'Meera Joshi', matches: 2, contacted: 1, interested: 0 }],
    recent: {
      properties: [
        {
          id: 2,
          title: 'Villa in Whitefield',
          propertyType: 'villa',
          listingPurpose: 'for_rent',
          city: 'Bengaluru',
          price: 50000,
          createdAt: '2026-05-31T04:30:00Z',
        },
      ],
      requirements: [
        { id: 1, clientName: 'Meera Joshi', listingPurpose: 'forSale', timeline: 'immediate', createdAt: '2026-06-07T04:30:00Z' },
      ],
      matches: [
        {
          id: 4,
          side: 'buyer',
          matchScore: 90,
          propertyTitle: 'Flat near Karve Road',
          match: { status: 'new', createdAt: '2026-06-09T04:30:00Z' },
        },
      ],
      connections: [{ id: 3, agentId: 3, agentName: 'Chitra Rao', acceptedAt: '2026-06-07T04:30:00Z' }],
      messages: [
        { id: 9, direction: 'received', agentId: 3, agentName: 'Chitra Rao', preview: 'Hello Asha', createdAt: '2026-06-09T05:30:00Z' },
      ],
    },
    ...over,
  }
}
