import { screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { HelpPage } from '@/features/help/routes/help-page'
import { mockApi, renderWithProviders } from '@/test/utils'

afterEach(() => vi.unstubAllGlobals())

const version = {
  version: '02a8ace236d6',
  revision: '02a8ace236d68273065736de3cab5d42566286f4',
  commitTime: '',
  modified: false,
  go: 'go1.25.0',
}

function site(contact: { phone: string; email: string }) {
  return {
    offers: [],
    plans: [],
    testimonials: [],
    demoVideo: { title: '', description: '', videoUrl: '', duration: '' },
    contact,
    trainingTopics: [],
  }
}

describe('HelpPage', () => {
  it('shows the support phone and email an administrator set, the questions and the version', async () => {
    mockApi({
      'GET /api/site': { body: site({ phone: '+919845012345', email: 'help@propmatch.in' }) },
      'GET /api/version': { body: version },
    })
    renderWithProviders(<HelpPage />, { route: '/help', path: '/help' })
    const contact = await screen.findByTestId('support-contact')
    expect(within(contact).getByRole('link', { name: /98450 12345/ })).toHaveAttribute('href', 'tel:+919845012345')
    expect(within(contact).getByRole('link', { name: 'help@propmatch.in' })).toHaveAttribute('href', 'mailto:help@propmatch.in')
    expect(screen.getByText('Who sees my own phone number and email?')).toBeInTheDocument()
    expect(await screen.findByText('PropMatch version 02a8ace236d6')).toBeInTheDocument()
  })

  it('names a development build so, never with "-dirty"', async () => {
    mockApi({
      'GET /api/site': { body: site({ phone: '', email: '' }) },
      'GET /api/version': { body: { ...version, version: 'development build', modified: true } },
    })
    renderWithProviders(<HelpPage />, { route: '/help', path: '/help' })
    expect(await screen.findByText('PropMatch development build')).toBeInTheDocument()
    expect(screen.queryByText(/dirty/)).toBeNull()
  })

  it('says so when no support contact is published, rather than inventing one', async () => {
    mockApi({ 'GET /api/site': { body: site({ phone: '', email: '' }) }, 'GET /api/version': { body: version } })
    renderWithProviders(<HelpPage />, { route: '/help', path: '/help' })
    expect(await screen.findByText('The support contact has not been published yet.')).toBeInTheDocument()
  })
})
