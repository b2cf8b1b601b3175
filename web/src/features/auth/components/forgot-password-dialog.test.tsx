import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ForgotPasswordDialog } from '@/features/auth/components/forgot-password-dialog'
import { expectToast, mockApi, renderWithProviders } from '@/test/utils'

afterEach(() => vi.unstubAllGlobals())

const signedOut = { 'GET /api/user': { status: 401, body: { message: 'Not signed in' } } }

async function open(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: /forgot password/i }))
  return screen.findByRole('dialog')
}

describe('ForgotPasswordDialog', () => {
  it('walks email → code → new password, then returns to the start with cleared fields', async () => {
    const { calls } = mockApi({
      ...signedOut,
      'POST /api/send-reset-code': { body: { message: 'If the account exists, a code was sent' } },
      'POST /api/verify-reset-code': { body: { message: 'Code is valid', valid: true } },
      'POST /api/reset-password': { body: { message: 'Password updated' } },
    })
    const user = userEvent.setup()
    renderWithProviders(<ForgotPasswordDialog />)
    await open(user)
    await user.type(screen.getByLabelText('Email'), 'ravi@example.com')
    await user.click(screen.getByRole('button', { name: 'Send Reset Code' }))
    await expectToast('Reset code sent!')

    await user.type(await screen.findByLabelText('Reset Code'), '12x3456')
    expect(screen.getByLabelText('Reset Code')).toHaveValue('123456')
    await user.click(screen.getByRole('button', { name: 'Verify Code' }))
    await expectToast('Code verified!')

    await user.type(await screen.findByLabelText('New Password'), 'short')
    await user.click(screen.getByRole('button', { name: 'Reset Password' }))
    await expectToast('Invalid Password', 'Password must be at least 8 characters')
    expect(calls.some((c) => c.path === '/api/reset-password')).toBe(false)

    await user.clear(screen.getByLabelText('New Password'))
    await user.type(screen.getByLabelText('New Password'), 'a much better one')
    await user.click(screen.getByRole('button', { name: 'Reset Password' }))
    await expectToast('Password reset successful!', 'You can now sign in with your new password')
    expect(calls.find((c) => c.path === '/api/reset-password')!.body).toEqual({
      email: 'ravi@example.com',
      code: '123456',
      newPassword: 'a much better one',
    })
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())

    await open(user)
    expect(screen.getByLabelText('Email')).toHaveValue('')
  })

  it('reports a failed send and an invalid code with the server message', async () => {
    let sendFails = true
    mockApi({
      ...signedOut,
      'POST /api/send-reset-code': () =>
        sendFails ? { status: 429, body: { message: 'Too many requests, try again in 1 minute' } } : { body: { message: 'ok' } },
      'POST /api/verify-reset-code': { status: 400, body: { message: 'Invalid or expired code' } },
    })
    const user = userEvent.setup()
    renderWithProviders(<ForgotPasswordDialog />)
    await open(user)
    await user.type(screen.getByLabelText('Email'), 'ravi@example.com')
    await user.click(screen.getByRole('button', { name: 'Send Reset Code' }))
    await expectToast('Failed to send reset code', 'Too many requests, try again in 1 minute')
    expect(screen.getByLabelText('Email')).toBeInTheDocument()

    sendFails = false
    await user.click(screen.getByRole('button', { name: 'Send Reset Code' }))
    await user.type(await screen.findByLabelText('Reset Code'), '000000')
    await user.click(screen.getByRole('button', { name: 'Verify Code' }))
    await expectToast('Invalid code', 'Invalid or expired code')
    expect(screen.queryByLabelText('New Password')).not.toBeInTheDocument()
  })

  it('refuses an invalid email without calling the server', async () => {
    const { calls } = mockApi(signedOut)
    const user = userEvent.setup()
    renderWithProviders(<ForgotPasswordDialog />)
    await open(user)
    await user.type(screen.getByLabelText('Email'), 'not-an-email')
    await user.click(screen.getByRole('button', { name: 'Send Reset Code' }))
    expect(await screen.findByText('Enter a valid email address')).toBeInTheDocument()
    expect(calls.some((c) => c.path === '/api/send-reset-code')).toBe(false)
  })
})
