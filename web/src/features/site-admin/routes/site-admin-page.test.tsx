import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { SiteAdminPage } from '@/features/site-admin/routes/site-admin-page'
import { makeSitePage } from '@/test/site-fixtures'
import { expectToast, mockApi, renderWithProviders } from '@/test/utils'

afterEach(() => vi.unstubAllGlobals())

describe('SiteAdminPage', () => {
  it('saves an edited testimonial alone and toasts', async () => {
    const { calls } = mockApi({
      'GET /api/site': { body: makeSitePage() },
      'PUT /api/admin/site': ({ body }) => ({ body: { ...makeSitePage(), ...(body as object) } }),
    })
    const user = userEvent.setup()
    renderWithProviders(<SiteAdminPage />)
    const quote = await screen.findByLabelText('Quote')
    await user.clear(quote)
    await user.type(quote, 'Closed a Kondapur deal in a week.')
    await user.click(screen.getByRole('button', { name: 'Save testimonials' }))
    await expectToast('Testimonials saved')
    const put = calls.find((c) => c.method === 'PUT')
    expect(put?.body).toEqual({
      testimonials: [expect.objectContaining({ name: 'Srinivas Rao', content: 'Closed a Kondapur deal in a week.' })],
    })
  })

  it('shows the field errors of a refused save under the fields', async () => {
    mockApi({
      'GET /api/site': { body: makeSitePage() },
      'PUT /api/admin/site': {
        status: 400,
        body: {
          message: 'Please correct the highlighted fields',
          errors: [{ path: 'contact.phone', message: 'Enter an Indian phone number' }],
        },
      },
    })
    const user = userEvent.setup()
    renderWithProviders(<SiteAdminPage />)
    const phone = await screen.findByLabelText('Phone')
    await user.clear(phone)
    await user.type(phone, '+1 650 253 0000')
    const card = phone.closest('form')!
    await user.click(within(card).getByRole('button', { name: 'Save contact' }))
    await expectToast('Could not save contact')
    expect(await within(card).findByText('Enter an Indian phone number')).toBeInTheDocument()
    expect(phone).toHaveAttribute('aria-invalid', 'true')
  })
})
