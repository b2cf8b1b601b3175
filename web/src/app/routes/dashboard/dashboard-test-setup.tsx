import userEvent from '@testing-library/user-event'
import { vi } from 'vitest'
import { DashboardPage } from '@/app/routes/dashboard/dashboard-page'
import type { DashboardStats } from '@/lib/api-schemas'
import { makeProperty, makePublicRequirement } from '@/test/match-fixtures'
import { mockApi, renderWithProviders, testUser } from '@/test/utils'

/** Makes matchMedia answer like a desktop (≥ 768 px) or a phone. */
export function viewport(kind: 'desktop' | 'mobile') {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: kind === 'desktop' && query.includes('min-width: 768px'),
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }))
}

export const stats: DashboardStats = {
  properties: 7,
  activeProperties: 6,
  requirements: 4,
  buyerMatches: 2,
  sellerMatches: 9,
  totalMatches: 11,
  newMatches: 5,
  propertyTypes: { apartment: 3, villa: 1, plot: 2, commercial: 0, agricultural: 1 },
  unreadMessages: 2,
  pendingRequests: 1,
  sentRequests: 0,
  messagesBadge: 3,
  connections: 6,
  courses: 0,
  enrolledCourses: 0,
}

export const marketProperties = [
  {
    ...makeProperty({ id: 41, title: 'Lake view villa', propertyType: 'villa', locality: 'Kokapet' }),
    agentName: 'Suresh Reddy',
    agentPhone: '+919000011111',
  },
  {
    ...makeProperty({ id: 42, title: 'Corner plot', propertyType: 'plot', bedrooms: null }),
    agentName: 'Meena Rao',
    // Meena shares contact details with connections only: the server blanks her phone.
    agentPhone: '',
    agentContactHidden: true,
  },
]
export const marketRequirements = [
  // A server slip that sent the client's contact must still not show it.
  {
    ...makePublicRequirement({ id: 51, clientName: 'Anita Sharma' }),
    agentName: 'Kiran Das',
    agentPhone: '+919000033333',
    clientPhone: '+919812345678',
    clientEmail: 'anita@example.com',
  },
]

export type Api = Parameters<typeof mockApi>[0]

export function setup(kind: 'desktop' | 'mobile', extra: Api = {}) {
  viewport(kind)
  const api = mockApi({
    'GET /api/user': { body: testUser },
    'GET /api/dashboard/stats': { body: stats },
    'GET /api/marketplace/properties': ({ url }) => {
      const q = url.searchParams.get('q')?.toLowerCase()
      return { body: q ? marketProperties.filter((p) => `${p.title} ${p.propertyType}`.toLowerCase().includes(q)) : marketProperties }
    },
    'GET /api/marketplace/requirements': ({ url }) => {
      const q = url.searchParams.get('q')?.toLowerCase()
      return { body: q ? marketRequirements.filter((r) => r.clientName.toLowerCase().includes(q)) : marketRequirements }
    },
    'GET /api/matches': { body: [] },
    'GET /api/properties': { body: [] },
    'GET /api/states': { body: [] },
    'GET /api/messages': { body: [] },
    'GET /api/advertisements': { body: [] },
    ...extra,
  })
  const user = userEvent.setup()
  const view = renderWithProviders(<DashboardPage />, { route: '/dashboard', path: '/dashboard' })
  return { ...api, user, view }
}

export const paths = (calls: { path: string }[], prefix: string) => calls.map((c) => c.path).filter((p) => p.startsWith(prefix))
