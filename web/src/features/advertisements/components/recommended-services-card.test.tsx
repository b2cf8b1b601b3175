import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { RecommendedServicesCard } from '@/features/advertisements/components/recommended-services-card'
import { advertLink, phoneLike } from '@/features/advertisements/lib/advert-link'
import { colorName } from '@/shared/advert-options'
import type { Advertisement } from '@/lib/api-schemas'
import { mockApi, renderWithProviders, testUser } from '@/test/utils'

afterEach(() => vi.unstubAllGlobals())

function advert(over: Partial<Advertisement>): Advertisement {
  return {
    id: 1,
    title: 'Home Loans from 8.35% p.a.',
    description: 'Sanction in 72 hours',
    highlight: 'Pre-approved offers',
    iconName: 'CreditCard',
    gradient: '',
    buttonText: 'Check Eligibility',
    badge: 'Partner Bank',
    offer: 'Zero processing fee',
    color: 'blue',
    displayOrder: 1,
    contactInfo: '1800 266 4455',
    websiteUrl: 'https://example.com/loans',
    targetCities: [],
    targetStates: [],
    advertisementImage: null,
    isActive: true,
    createdAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-01-01T00:00:00Z',
    ...over,
  }
}

describe('RecommendedServicesCard', () => {
  it('shows the adverts the server targets at the agent, in its order, three at once in the rail', async () => {
    const ads = [1, 2, 3, 4].map((id) => advert({ id, title: `Service ${id}` }))
    const { calls } = mockApi({ 'GET /api/user': { body: testUser }, 'GET /api/advertisements': { body: ads } })
    const user = userEvent.setup()
    renderWithProviders(<RecommendedServicesCard />)
    expect(screen.getByText('Loading advertisements...')).toBeInTheDocument()
    const card = await screen.findByTestId('recommended-services-card')
    await within(card).findByText('Service 1')
    expect(
      within(card)
        .getAllByTestId('advert')
        .map((a) => a.querySelector('h3')!.textContent),
    ).toEqual(['Service 1', 'Service 2', 'Service 3'])
    await user.click(within(card).getByRole('button', { name: 'Next advertisement' }))
    expect(
      within(card)
        .getAllByTestId('advert')
        .map((a) => a.querySelector('h3')!.textContent),
    ).toEqual(['Service 2', 'Service 3', 'Service 4'])
    // No city or state is sent: the server targets the signed-in agent's own.
    expect(calls.find((c) => c.path.startsWith('/api/advertisements'))!.path).toBe('/api/advertisements')
    const first = within(card).getAllByTestId('advert')[0]!
    expect(first).toHaveTextContent('Partner Bank')
    expect(first).toHaveTextContent('Zero processing fee')
    expect(within(first).getByRole('link', { name: /Check Eligibility/ })).toHaveAttribute('href', 'https://example.com/loans')
  })

  it('says so when nothing is advertised for the location, or the list fails', async () => {
    mockApi({ 'GET /api/user': { body: testUser }, 'GET /api/advertisements': { body: [] } })
    renderWithProviders(<RecommendedServicesCard />)
    expect(await screen.findByText('No advertisements available for your location.')).toBeInTheDocument()
  })

  it('links the website, else dials a phone-like contact, else shows only the contact text', () => {
    expect(advertLink({ websiteUrl: 'https://x.example', contactInfo: '+91 98490 22110' })).toEqual({
      href: 'https://x.example',
      external: true,
    })
    expect(advertLink({ websiteUrl: '', contactInfo: '+91 98490 22110' })).toEqual({ href: 'tel:+919849022110', external: false })
    expect(advertLink({ websiteUrl: '', contactInfo: 'Contact inspect@example.com' })).toBeNull()
    expect(phoneLike('1800 266 4455')).toBe(true)
    expect(phoneLike('Call 98490')).toBe(false)
  })

  it('colours by the fourteen banner colours, as names or 600-shade classes', () => {
    expect(colorName('bg-teal-600')).toBe('teal')
    expect(colorName('violet')).toBe('violet')
    expect(colorName('bg-rose-600')).toBe('blue')
    expect(colorName('')).toBe('blue')
  })
})
