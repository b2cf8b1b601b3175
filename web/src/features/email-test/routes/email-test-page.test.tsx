import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { EmailTestPage } from '@/features/email-test/routes/email-test-page'
import { mockApi, renderWithProviders, testUser } from '@/test/utils'

afterEach(() => vi.unstubAllGlobals())

const admin = { ...testUser, role: 'admin' as const, email: 'asha@propmatch.test', fullName: 'Asha Rao' }

const preview = (type: string) => ({
  type,
  subject: `Subject of ${type}`,
  html: `<p>${type} html</p>`,
  text: `The ${type} email as text`,
})

describe('EmailTestPage', () => {
  it('previews the chosen template (sandboxed HTML frame and the text part)', async () => {
    mockApi({
      'GET /api/user': { body: admin },
      'GET /api/admin/email-preview': ({ url }) => ({ body: preview(url.searchParams.get('type') ?? '') }),
    })
    renderWithProviders(<EmailTestPage />)
    expect(await screen.findByTestId('email-preview-subject')).toHaveTextContent('Subject of match')
    const frame = screen.getByTitle('match email preview')
    expect(frame).toHaveAttribute('sandbox', '')
    expect(frame).toHaveAttribute('src', '/api/admin/email-preview/html?type=match')

    await userEvent.click(screen.getByRole('radio', { name: /Messages/ }))
    expect(await screen.findByTestId('email-preview-subject')).toHaveTextContent('Subject of message')
    await userEvent.click(screen.getByRole('tab', { name: 'Text' }))
    expect(await screen.findByTestId('email-preview-text')).toHaveTextContent('The message email as text')
  })

  it('sends to the typed address and shows the server answer', async () => {
    const { calls } = mockApi({
      'GET /api/user': { body: admin },
      'GET /api/admin/email-preview': ({ url }) => ({ body: preview(url.searchParams.get('type') ?? '') }),
      'POST /api/test-email': {
        body: { message: 'Sent: the SMTP server accepted the match email for qa@example.com.', to: 'qa@example.com', sent: true },
      },
    })
    renderWithProviders(<EmailTestPage />)
    await userEvent.type(await screen.findByLabelText('Send to'), 'qa@example.com')
    await userEvent.click(screen.getByRole('button', { name: /Send test email/ }))
    expect(await screen.findByTestId('email-test-outcome')).toHaveTextContent('Sent: the SMTP server accepted')
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ type: 'match', testEmail: 'qa@example.com' })
  })

  it("disables the address for 'test' and sends to the admin's own email", async () => {
    const { calls } = mockApi({
      'GET /api/user': { body: admin },
      'GET /api/admin/email-preview': ({ url }) => ({ body: preview(url.searchParams.get('type') ?? '') }),
      'POST /api/test-email': { body: { message: 'Captured in the development outbox', to: admin.email, sent: true } },
    })
    renderWithProviders(<EmailTestPage />)
    await userEvent.click(await screen.findByRole('radio', { name: /Test/ }))
    const field = screen.getByLabelText('Send to')
    await waitFor(() => expect(field).toBeDisabled())
    expect(field).toHaveValue('asha@propmatch.test')
    await userEvent.click(screen.getByRole('button', { name: /Send test email/ }))
    await screen.findByTestId('email-test-outcome')
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ type: 'test' })
  })

  it('says in plain words why the mail server failed, and shows field errors', async () => {
    let n = 0
    mockApi({
      'GET /api/user': { body: admin },
      'GET /api/admin/email-preview': ({ url }) => ({ body: preview(url.searchParams.get('type') ?? '') }),
      'POST /api/test-email': () =>
        ++n === 1
          ? { status: 400, body: { message: 'Invalid input', errors: [{ path: 'testEmail', message: 'Enter a valid email address' }] } }
          : { status: 503, body: { message: 'Authentication failed: the SMTP server refused the username or password.' } },
    })
    renderWithProviders(<EmailTestPage />)
    await userEvent.type(await screen.findByLabelText('Send to'), 'nope')
    await userEvent.click(screen.getByRole('button', { name: /Send test email/ }))
    expect(await screen.findByText('Enter a valid email address')).toBeInTheDocument()
    await userEvent.clear(screen.getByLabelText('Send to'))
    await userEvent.type(screen.getByLabelText('Send to'), 'qa@example.com')
    await userEvent.click(screen.getByRole('button', { name: /Send test email/ }))
    const outcome = await screen.findByTestId('email-test-outcome')
    await waitFor(() => expect(outcome).toHaveTextContent('Authentication failed'))
    expect(outcome).toHaveAttribute('role', 'alert')
  })
})
