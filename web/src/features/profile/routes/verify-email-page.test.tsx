import { screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { VerifyEmailPage } from '@/features/profile/routes/verify-email-page'
import { mockApi, renderWithProviders } from '@/test/utils'

afterEach(() => vi.unstubAllGlobals())

describe('VerifyEmailPage', () => {
  it('posts the link token once and says the email is confirmed', async () => {
    const { calls } = mockApi({
      'GET /api/user': { status: 401, body: { message: 'Not signed in' } },
      'POST /api/user/verify-email': { body: { verified: true } },
    })
    renderWithProviders(<VerifyEmailPage />, { route: '/verify-email?token=abc123' })
    expect(await screen.findByText('Email confirmed')).toBeInTheDocument()
    expect(screen.getByText(/Your email is verified/)).toBeInTheDocument()
    const posts = calls.filter((c) => c.method === 'POST')
    expect(posts).toHaveLength(1)
    expect(posts[0].body).toEqual({ token: 'abc123' })
  })

  it("shows the server's reason when the link is expired or used", async () => {
    mockApi({
      'GET /api/user': { status: 401, body: { message: 'Not signed in' } },
      'POST /api/user/verify-email': { status: 409, body: { message: 'This verification link was already used.' } },
    })
    renderWithProviders(<VerifyEmailPage />, { route: '/verify-email?token=used' })
    expect(await screen.findByText('Could not confirm your email')).toBeInTheDocument()
    expect(screen.getByRole('alert')).toHaveTextContent('This verification link was already used.')
  })
})
