import { act, fireEvent, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ADVANCE_MS, AdvertCarouselView } from '@/features/advertisements/components/advert-carousel'
import type { Advertisement } from '@/lib/api-schemas'

function advert(id: number, over: Partial<Advertisement> = {}): Advertisement {
  return {
    id,
    title: `Service ${id}`,
    description: '',
    highlight: '',
    iconName: 'Star',
    gradient: '',
    buttonText: 'Learn More',
    badge: '',
    offer: '',
    color: 'bg-teal-600',
    displayOrder: id,
    contactInfo: '',
    websiteUrl: '',
    targetCities: [],
    targetStates: [],
    advertisementImage: null,
    isActive: true,
    createdAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-01-01T00:00:00Z',
    ...over,
  }
}

const titles = () => screen.getAllByTestId('advert').map((a) => a.querySelector('h3')!.textContent)

/** Makes matchMedia answer prefers-reduced-motion as asked. */
function motion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: reduce && query.includes('prefers-reduced-motion'),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }))
}

beforeEach(() => {
  vi.useFakeTimers()
  motion(false)
})
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

const three = [advert(1), advert(2), advert(3)]

describe('AdvertCarouselView', () => {
  it('moves on every 4 seconds, wrapping round', () => {
    render(<AdvertCarouselView ads={three} form="full" />)
    expect(titles()).toEqual(['Service 1'])
    act(() => vi.advanceTimersByTime(ADVANCE_MS - 1))
    expect(titles()).toEqual(['Service 1'])
    act(() => vi.advanceTimersByTime(1))
    expect(titles()).toEqual(['Service 2'])
    act(() => vi.advanceTimersByTime(2 * ADVANCE_MS))
    expect(titles()).toEqual(['Service 1'])
  })

  it('shows three at once in the rail and does not move when all fit', () => {
    render(<AdvertCarouselView ads={three} form="rail" />)
    expect(titles()).toEqual(['Service 1', 'Service 2', 'Service 3'])
    act(() => vi.advanceTimersByTime(3 * ADVANCE_MS))
    expect(titles()).toEqual(['Service 1', 'Service 2', 'Service 3'])
    expect(screen.queryByRole('button', { name: 'Next advertisement' })).toBeNull()
  })

  it('stops when moved by hand or paused, and the toggle resumes it', () => {
    render(<AdvertCarouselView ads={three} form="full" />)
    fireEvent.click(screen.getByRole('button', { name: 'Next advertisement' }))
    expect(titles()).toEqual(['Service 2'])
    act(() => vi.advanceTimersByTime(3 * ADVANCE_MS))
    expect(titles()).toEqual(['Service 2'])
    fireEvent.click(screen.getByRole('button', { name: 'Resume advertisements' }))
    act(() => vi.advanceTimersByTime(ADVANCE_MS))
    expect(titles()).toEqual(['Service 3'])
    fireEvent.click(screen.getByRole('button', { name: 'Pause advertisements' }))
    act(() => vi.advanceTimersByTime(3 * ADVANCE_MS))
    expect(titles()).toEqual(['Service 3'])
  })

  it('is worked from the keyboard: Tab reaches the controls, Enter works them', async () => {
    vi.useRealTimers() // user-event waits on real timers; the timing is tested above
    const user = userEvent.setup()
    render(<AdvertCarouselView ads={three} form="compact" />)
    await user.tab()
    expect(screen.getByRole('button', { name: 'Previous advertisement' })).toHaveFocus()
    await user.keyboard('{Enter}')
    expect(titles()).toEqual(['Service 3'])
    await user.tab()
    expect(screen.getByRole('button', { name: 'Resume advertisements' })).toHaveFocus()
    await user.tab()
    await user.keyboard('{Enter}')
    expect(titles()).toEqual(['Service 1'])
    expect(screen.getByTestId('advert-position')).toHaveTextContent('1 of 3')
  })

  it('never moves by itself when the user prefers reduced motion', () => {
    motion(true)
    render(<AdvertCarouselView ads={three} form="full" />)
    act(() => vi.advanceTimersByTime(5 * ADVANCE_MS))
    expect(titles()).toEqual(['Service 1'])
    expect(screen.queryByRole('button', { name: /Pause advertisements/ })).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Next advertisement' }))
    expect(titles()).toEqual(['Service 2'])
  })

  it('opens the website, dials a phone-like contact, else shows the contact text', () => {
    render(
      <AdvertCarouselView
        ads={[
          advert(1, { websiteUrl: 'https://loans.example', buttonText: 'Apply' }),
          advert(2, { contactInfo: '+91 98450 12345', buttonText: 'Call' }),
          advert(3, { contactInfo: 'Visit our Koramangala office', buttonText: 'Contact' }),
        ]}
        form="rail"
      />,
    )
    const [web, phone, text] = screen.getAllByTestId('advert')
    expect(within(web!).getByRole('link', { name: /Apply/ })).toHaveAttribute('href', 'https://loans.example')
    expect(within(web!).getByRole('link', { name: /Apply/ })).toHaveAttribute('target', '_blank')
    expect(within(phone!).getByRole('link', { name: 'Call' })).toHaveAttribute('href', 'tel:+919845012345')
    expect(within(text!).queryByRole('alert')).toBeNull()
    fireEvent.click(within(text!).getByRole('button', { name: 'Contact' }))
    expect(within(text!).getByRole('alert')).toHaveTextContent('Visit our Koramangala office')
  })
})
