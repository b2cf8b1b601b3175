import type { SiteFigures, SitePage } from '@/shared/site'

/** Site content as GET /api/site answers it, with overrides. */
export function makeSitePage(overrides: Partial<SitePage> = {}): SitePage {
  return {
    offers: [
      { value: '500', label: 'Free leads' },
      { value: '₹50', label: 'Per lead' },
      { value: '₹0', label: 'Setup fees' },
    ],
    plans: [
      {
        name: 'Starter',
        price: '₹0',
        period: 'first month',
        description: 'Start here.',
        features: ['10 property listings'],
        popular: false,
      },
      { name: 'Professional', price: '₹500', period: 'per month', description: 'More.', features: ['50 property listings'], popular: true },
      { name: 'Enterprise', price: 'Custom', period: '', description: 'Teams.', features: ['White-label platform'], popular: false },
    ],
    testimonials: [
      { name: 'Srinivas Rao', role: 'Channel partner', city: 'Hyderabad', content: 'Two matches the same evening.', rating: 4 },
    ],
    demoVideo: { title: 'PropMatch in 2 minutes', description: 'A short tour.', videoUrl: '', duration: '2 minutes' },
    contact: { phone: '+914048526100', email: 'hello@propmatch.example' },
    trainingTopics: ['RERA rules for agents', 'Home loans and financing'],
    updatedAt: '2026-01-01T00:00:00Z',
    billing: true,
    ...overrides,
  }
}

/** Live figures as GET /api/site/figures answers them, with overrides. */
export function makeFigures(overrides: Partial<SiteFigures> = {}): SiteFigures {
  return {
    agents: 1234,
    reraVerifiedAgents: 57,
    activeListings: 980,
    activeRequirements: 4321,
    matchesLast30Days: 12,
    countedAt: '2026-01-01T00:00:00Z',
    ...overrides,
  }
}
