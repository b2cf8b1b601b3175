import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { LandingPage } from '@/features/landing/routes/landing-page'
import { makeFigures, makeSitePage } from '@/test/site-fixtures'
import { mockApi, renderWithProviders } from '@/test/utils'

afterEach(() => vi.unstubAllGlobals())

function setup(page = makeSitePage()) {
  const api = mockApi({
    'GET /api/site': { body: page },
    'GET /api/site/figures': { body: makeFigures() },
    'GET /api/user': { status: 401, body: { message: 'Not signed in' } },
  })
  renderWithProviders(<LandingPage />)
  return api
}

describe('LandingPage', () => {
  it('shows every section from the server content and live figures', async () => {
    const { calls } = setup()
    expect(screen.getByRole('heading', { level: 1, name: 'Post. Match. Connect. Grow.' })).toBeInTheDocument()
    const figures = await screen.findByTestId('live-figures')
    expect(await within(figures).findByText('1,200+')).toBeInTheDocument()
    expect(within(figures).getByText('57')).toBeInTheDocument() // small numbers exactly
    expect(within(figures).getByText('4,300+')).toBeInTheDocument()
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(
      expect.arrayContaining([
        'Intelligent Property Matching',
        'Pay-Per-Match Billing',
        'Courses',
        'Video Tutorials',
        'Certification',
        'Expert Support',
      ]),
    )
    expect(await screen.findByText('RERA rules for agents')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Start Learning Today' })).toHaveAttribute('href', '/auth?tab=register')
    expect(screen.getByText('“Two matches the same evening.”')).toBeInTheDocument()
    expect(screen.getByRole('img', { name: 'Rated 4 out of 5' })).toBeInTheDocument()
    expect(screen.getByText('Most Popular')).toBeInTheDocument()
    expect(screen.getByText('₹500')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Choose Enterprise' })).toHaveAttribute('href', '/auth?tab=register')
    expect(screen.getByRole('link', { name: 'Call +91 40 4852 6100' })).toHaveAttribute('href', 'tel:+914048526100')
    const footer = screen.getByRole('contentinfo')
    for (const column of ['Product', 'Support', 'Contact'])
      expect(within(footer).getByRole('heading', { name: column })).toBeInTheDocument()
    expect(within(footer).getByText('hello@propmatch.example')).toBeInTheDocument()
    expect(within(footer).getByText(/Hyderabad/)).toBeInTheDocument()
    expect(within(footer).getByText(/© \d{4} PropMatch/)).toBeInTheDocument()
    // No claim is built in: the old fixed figures are gone.
    expect(document.body.textContent).not.toMatch(/10,000\+|90%\+|50\+ courses/i)
    // The signed-out visitor is asked who they are without a 401.
    expect(calls.some((c) => c.path === '/api/user')).toBe(false)
  })

  it('leaves out testimonials and contact details the content does not have', async () => {
    setup(makeSitePage({ testimonials: [], contact: { phone: '', email: '' } }))
    expect(await screen.findByText('RERA rules for agents')).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'What agents say' })).not.toBeInTheDocument()
    expect(screen.queryByRole('link', { name: /^Call / })).not.toBeInTheDocument()
  })

  it('hides Watch Demo while no video is set, and shows the app itself beside the text (issue 25)', async () => {
    setup()
    await screen.findByText('RERA rules for agents')
    expect(screen.queryByRole('button', { name: 'Watch Demo' })).not.toBeInTheDocument()
    const img = screen.getByTestId('hero-image')
    expect(img).toHaveAttribute('src', '/hero-dashboard.webp')
    expect(img).toHaveAttribute('width', '1120')
    expect(img).toHaveAttribute('height', '700')
    expect(img).toHaveAttribute('loading', 'lazy')
    expect(img).toHaveAccessibleName(/PropMatch dashboard/)
  })

  it('plays the video from the privacy-enhanced host, with an Open on YouTube link on mobile', async () => {
    setup(makeSitePage({ demoVideo: { title: 'Tour', description: 'd', videoUrl: 'https://youtu.be/dQw4w9WgXcQ', duration: '2 minutes' } }))
    const user = userEvent.setup()
    await screen.findByText('RERA rules for agents')
    await user.click(screen.getByRole('button', { name: 'Watch Demo' }))
    const dialog = await screen.findByRole('dialog', { name: 'Tour' })
    expect(within(dialog).getByTitle('Tour')).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ')
    expect(within(dialog).getByRole('link', { name: 'Open on YouTube' })).toHaveAttribute(
      'href',
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    )
  })
})
