import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { EmailVerificationBanner } from '@/features/profile/components/email-verification'
import { expectToast, mockApi, renderWithProviders, testUser } from '@/test/utils'

afterEach(() => vi.unstubAllGlobals())

describe('EmailVerificationBanner', () => {
  it('is absent for a verified email or no email', () => {
    mockApi({})
    const { unmount } = renderWithProviders(<EmailVerificationBanner user={testUser} />)
    expect(screen.queryByTestId('email-verification-banner')).not.toBeInTheDocument()
    unmount()
    renderWithProviders(<EmailVerificationBanner user={{ ...testUser, email: null, emailVerified: false }} />)
    expect(screen.queryByTestId('email-verification-banner')).not.toBeInTheDocument()
  })

  it('resends the link for an unverified email', async () => {
    const { calls } = mockApi({
      'POST /api/user/resend-verification': { status: 202, body: { message: 'We have sent a new verification link to ravi@example.com' } },
    })
    renderWithProviders(<EmailVerificationBanner user={{ ...testUser, emailVerified: false }} />)
    expect(screen.getByTestId('email-verification-banner')).toHaveTextContent('ravi@example.com')
    await userEvent.click(screen.getByRole('button', { name: 'Resend verification email' }))
    await expectToast('Verification email sent', 'We have sent a new verification link to ravi@example.com')
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/user/resend-verification')).toBe(true)
  })
})
