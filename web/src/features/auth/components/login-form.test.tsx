import { renderHook, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useAuth } from '@/lib/auth'
import { LoginForm } from '@/features/auth/components/login-form'
import { currentLocation, expectToast, mockApi, renderWithProviders, testUser } from '@/test/utils'

afterEach(() => vi.unstubAllGlobals())

describe('LoginForm', () => {
  it('requires username and password and calls nothing', async () => {
    const { calls } = mockApi({ 'GET /api/user': { status: 401, body: { message: 'Not signed in' } } })
    const user = userEvent.setup()
    renderWithProviders(<LoginForm />)
    await user.click(screen.getByRole('button', { name: 'Sign In' }))
    expect(await screen.findByText('Username is required')).toBeInTheDocument()
    expect(screen.getByText('Password is required')).toBeInTheDocument()
    expect(calls.some((c) => c.path === '/api/login')).toBe(false)
  })

  it('shows "Login failed" with the server message', async () => {
    mockApi({
      'GET /api/user': { status: 401, body: { message: 'Not signed in' } },
      'POST /api/login': { status: 401, body: { message: 'Invalid username or password' } },
    })
    const user = userEvent.setup()
    renderWithProviders(<LoginForm />)
    await user.type(screen.getByLabelText('Username'), 'ravi')
    await user.type(screen.getByLabelText('Password'), 'wrong password')
    await user.click(screen.getByRole('button', { name: 'Sign In' }))
    await expectToast('Login failed', 'Invalid username or password')
    expect(currentLocation()).toBe('/')
  })

  it('stores the user and navigates to /dashboard about 100 ms later', async () => {
    const { calls } = mockApi({
      'GET /api/user': { status: 401, body: { message: 'Not signed in' } },
      'POST /api/login': { body: testUser },
    })
    const user = userEvent.setup()
    const { queryClient } = renderWithProviders(<LoginForm />)
    await user.type(screen.getByLabelText('Username'), '  ravi ')
    await user.type(screen.getByLabelText('Password'), 'correct horse')
    await user.click(screen.getByRole('button', { name: 'Sign In' }))
    await waitFor(() => expect(queryClient.getQueryData(['/api/user'])).toEqual(testUser))
    await waitFor(() => expect(currentLocation()).toBe('/dashboard'))
    expect(calls.find((c) => c.path === '/api/login')!.body).toEqual({ username: 'ravi', password: 'correct horse' })
  })
})

describe('useAuth', () => {
  it('throws outside its provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    expect(() => renderHook(() => useAuth())).toThrow('useAuth must be used within an AuthProvider')
  })
})

describe('LoginForm with the forgot-password dialog', () => {
  it('submitting the reset dialog does not submit the sign-in form', async () => {
    const { calls } = mockApi({
      'GET /api/user': { status: 401, body: { message: 'Not signed in' } },
      'POST /api/send-reset-code': { body: { message: 'ok' } },
    })
    const user = userEvent.setup()
    renderWithProviders(<LoginForm />)
    await user.click(screen.getByRole('button', { name: /forgot password/i }))
    await user.type(await screen.findByLabelText('Email'), 'ravi@example.com')
    await user.click(screen.getByRole('button', { name: 'Send Reset Code' }))
    await expectToast('Reset code sent!')
    expect(screen.queryByText('Username is required')).not.toBeInTheDocument()
    expect(calls.some((c) => c.path === '/api/login')).toBe(false)
  })
})
