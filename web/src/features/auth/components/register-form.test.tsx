import { act, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { RegisterForm } from '@/features/auth/components/register-form'
import { currentLocation, expectToast, mockApi, renderWithProviders, testUser } from '@/test/utils'

const baseApi = {
  'GET /api/user': { status: 401, body: { message: 'Not signed in' } },
  'GET /api/states': { body: ['Karnataka', 'Telangana'] },
  'GET /api/cities/Telangana': { body: ['Hyderabad', 'Warangal'] },
  'GET /api/cities/Karnataka': { body: [] },
  'POST /api/verify-otp': { body: { message: 'Phone verified', phone: '+919876543210', verified: true } },
}

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

async function sendCode(user: ReturnType<typeof userEvent.setup>, phone = '98765 43210') {
  await user.type(screen.getByLabelText('WhatsApp Number'), phone)
  await user.click(screen.getByRole('button', { name: /send verification code/i }))
}

describe('RegisterForm phone step', () => {
  it('asks for a phone when empty and sends nothing', async () => {
    const { calls } = mockApi(baseApi)
    const user = userEvent.setup()
    renderWithProviders(<RegisterForm />)
    await user.click(screen.getByRole('button', { name: /send verification code/i }))
    await expectToast('Phone Required', 'Please enter your WhatsApp number')
    expect(calls.some((c) => c.path === '/api/send-otp')).toBe(false)
  })

  it('refuses a landline client-side', async () => {
    const { calls } = mockApi(baseApi)
    const user = userEvent.setup()
    renderWithProviders(<RegisterForm />)
    await sendCode(user, '040 2345 6789')
    expect(await screen.findByText(/enter a valid mobile number/i)).toBeInTheDocument()
    expect(calls.some((c) => c.path === '/api/send-otp')).toBe(false)
  })

  it('normalises the number, auto-fills the development OTP and says so', async () => {
    const { calls } = mockApi({
      ...baseApi,
      'POST /api/send-otp': { body: { message: 'sent', phone: '+919876543210', otp: '123456' } },
    })
    const user = userEvent.setup()
    renderWithProviders(<RegisterForm />)
    await sendCode(user, '(98765) 43210')
    await expectToast('OTP Auto-filled', 'Development mode: the code was filled in for you')
    expect(calls.find((c) => c.path === '/api/send-otp')!.body).toEqual({ phone: '+919876543210' })
    expect(screen.getByLabelText('Verification Code')).toHaveValue('123456')
    expect(screen.getByRole('button', { name: 'Verify' })).toBeEnabled()
  })

  it('opens a WhatsApp link in a new tab when one is sent', async () => {
    mockApi({
      ...baseApi,
      'POST /api/send-otp': {
        body: { message: 'sent', phone: '+919876543210', otp: '654321', whatsappLink: 'https://wa.me/919876543210' },
      },
    })
    const open = vi.spyOn(window, 'open').mockReturnValue(null)
    const user = userEvent.setup()
    renderWithProviders(<RegisterForm />)
    await sendCode(user)
    await expectToast('WhatsApp Opened & OTP Auto-filled')
    expect(open).toHaveBeenCalledWith('https://wa.me/919876543210', '_blank', 'noopener,noreferrer')
  })

  it('says "Code sent" without an echoed code and shows the server message on failure', async () => {
    let fail = false
    mockApi({
      ...baseApi,
      'POST /api/send-otp': () =>
        fail
          ? { status: 429, body: { message: 'Please wait 30 seconds before requesting another code' } }
          : { body: { message: 'sent', phone: '+919876543210' } },
    })
    const user = userEvent.setup()
    renderWithProviders(<RegisterForm />)
    await sendCode(user)
    await expectToast('Code sent', 'Check WhatsApp for your 6-digit code')
    expect(screen.getByLabelText('Verification Code')).toHaveValue('')
    await user.click(screen.getByRole('button', { name: /change number/i }))
    fail = true
    // Another number: the server is asked, and its refusal is shown.
    const phone = screen.getByLabelText('WhatsApp Number')
    await user.clear(phone)
    await user.type(phone, '98765 43211')
    await user.click(screen.getByRole('button', { name: /send verification code/i }))
    await expectToast('Failed to send OTP', 'Please wait 30 seconds before requesting another code')
    expect(screen.getByLabelText('WhatsApp Number')).toBeInTheDocument()
  })

  it('after Change Number, the same number returns to its still-valid code without a second send', async () => {
    const { calls } = mockApi({
      ...baseApi,
      'POST /api/send-otp': { body: { message: 'sent', phone: '+919876543210', otp: '482913' } },
    })
    const user = userEvent.setup()
    renderWithProviders(<RegisterForm />)
    await sendCode(user)
    expect(await screen.findByLabelText('Verification Code')).toHaveValue('482913')
    await user.click(screen.getByRole('button', { name: /change number/i }))
    expect(screen.getByLabelText('WhatsApp Number')).toHaveValue('+919876543210')
    await user.click(screen.getByRole('button', { name: /send verification code/i }))
    await expectToast('Your code is still valid', 'Enter the code we already sent to this number')
    expect(screen.getByLabelText('Verification Code')).toHaveValue('482913')
    // The resend wait goes on from the first send; it does not start again.
    expect(screen.getByTestId('resend-timer')).toHaveTextContent(/Resend code in ([12]\d|30|\d)s/)
    expect(calls.filter((c) => c.path === '/api/send-otp')).toHaveLength(1)
  })
})

describe('RegisterForm otp step', () => {
  it('accepts digits only and enables Verify at exactly 6', async () => {
    mockApi({ ...baseApi, 'POST /api/send-otp': { body: { message: 'sent', phone: '+919876543210' } } })
    const user = userEvent.setup()
    renderWithProviders(<RegisterForm />)
    await sendCode(user)
    const otp = await screen.findByLabelText('Verification Code')
    const verify = screen.getByRole('button', { name: 'Verify' })
    await user.type(otp, '12a3-45')
    expect(otp).toHaveValue('12345')
    expect(verify).toBeDisabled()
    await user.type(otp, '67')
    expect(otp).toHaveValue('123456')
    expect(verify).toBeEnabled()
  })

  it('shows the resend button only after the 30 s timer and resends to the same phone', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const { calls } = mockApi({ ...baseApi, 'POST /api/send-otp': { body: { message: 'sent', phone: '+919876543210' } } })
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    renderWithProviders(<RegisterForm />)
    await sendCode(user)
    expect(await screen.findByTestId('resend-timer')).toHaveTextContent('Resend code in 30s')
    expect(screen.queryByRole('button', { name: /resend code/i })).not.toBeInTheDocument()
    await act(async () => {
      await vi.advanceTimersByTimeAsync(29_000)
    })
    expect(screen.getByTestId('resend-timer')).toHaveTextContent('Resend code in 1s')
    expect(screen.queryByRole('button', { name: /resend code/i })).not.toBeInTheDocument()
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1_000)
    })
    const resend = screen.getByRole('button', { name: /resend code/i })
    await user.click(resend)
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/send-otp')).toHaveLength(2))
    expect(calls.filter((c) => c.path === '/api/send-otp')[1]!.body).toEqual({ phone: '+919876543210' })
    expect(await screen.findByTestId('resend-timer')).toHaveTextContent('Resend code in 30s')
  })

  it('Change Number returns to the phone step', async () => {
    mockApi({ ...baseApi, 'POST /api/send-otp': { body: { message: 'sent', phone: '+919876543210' } } })
    const user = userEvent.setup()
    renderWithProviders(<RegisterForm />)
    await sendCode(user)
    await user.click(await screen.findByRole('button', { name: /change number/i }))
    expect(screen.getByLabelText('WhatsApp Number')).toHaveValue('+919876543210')
    expect(screen.queryByLabelText('Verification Code')).not.toBeInTheDocument()
  })

  it('reports a failed verification with the server message', async () => {
    mockApi({
      ...baseApi,
      'POST /api/send-otp': { body: { message: 'sent', phone: '+919876543210', otp: '111111' } },
      'POST /api/verify-otp': { status: 400, body: { message: 'Invalid or expired code' } },
    })
    const user = userEvent.setup()
    renderWithProviders(<RegisterForm />)
    await sendCode(user)
    await user.click(await screen.findByRole('button', { name: 'Verify' }))
    await expectToast('Verification Failed', 'Invalid or expired code')
    expect(screen.getByLabelText('Verification Code')).toBeInTheDocument()
  })
})

describe('RegisterForm details step', () => {
  async function reachDetails(extra: Parameters<typeof mockApi>[0] = {}) {
    const api = mockApi({
      ...baseApi,
      'POST /api/send-otp': { body: { message: 'sent', phone: '+919876543210', otp: '123456' } },
      ...extra,
    })
    const user = userEvent.setup()
    const view = renderWithProviders(<RegisterForm />, { route: '/auth?tab=register' })
    await sendCode(user)
    await user.click(await screen.findByRole('button', { name: 'Verify' }))
    await expectToast('Phone Verified', 'Please complete your registration details')
    return { ...api, user, view }
  }

  it('validates required fields and the 8-character password', async () => {
    const { user, calls } = await reachDetails()
    await user.type(screen.getByLabelText('Password'), 'short')
    await user.click(screen.getByRole('button', { name: /create account/i }))
    expect(await screen.findByText('Full name is required')).toBeInTheDocument()
    expect(screen.getByText('Username is required')).toBeInTheDocument()
    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument()
    expect(screen.getByText('Please select a state')).toBeInTheDocument()
    expect(screen.getByText('Minimum 8 characters')).toBeInTheDocument()
    expect(calls.some((c) => c.path === '/api/register')).toBe(false)
  })

  it('keeps the city disabled until a state is chosen and clears it when the state changes', async () => {
    const { user } = await reachDetails()
    const city = screen.getByLabelText('City')
    expect(city).toBeDisabled()
    const state = screen.getByLabelText('State')
    await screen.findByRole('option', { name: 'Telangana' })
    await user.selectOptions(state, 'Telangana')
    await screen.findByRole('option', { name: 'Warangal' })
    expect(city).toBeEnabled()
    await user.selectOptions(city, 'Warangal')
    expect(city).toHaveValue('Warangal')
    await user.selectOptions(state, 'Karnataka')
    expect(await screen.findByText('No cities found for Karnataka')).toBeInTheDocument()
    expect(city).toHaveValue('')
  })

  it('toasts when cities fail to load', async () => {
    const { user } = await reachDetails({ 'GET /api/cities/Telangana': { status: 500, body: { message: 'boom' } } })
    await screen.findByRole('option', { name: 'Telangana' })
    await user.selectOptions(screen.getByLabelText('State'), 'Telangana')
    await expectToast('Failed to fetch cities')
  })

  it('registers with the verified phone, stores the user and goes to /dashboard', async () => {
    // The app reads the account once registered: the answer leaves the email out.
    const { user, calls, view } = await reachDetails({
      'POST /api/register': { status: 201, body: { ...testUser, email: null, emailVerified: false } },
      'GET /api/user': { body: testUser },
    })
    await user.type(screen.getByLabelText('Full Name'), 'Ravi Kumar')
    await user.type(screen.getByLabelText('Username'), 'ravi')
    await user.type(screen.getByLabelText('Password'), 'correct horse')
    await user.type(screen.getByLabelText('Email (optional)'), 'ravi@example.com')
    await screen.findByRole('option', { name: 'Telangana' })
    await user.selectOptions(screen.getByLabelText('State'), 'Telangana')
    await screen.findByRole('option', { name: 'Hyderabad' })
    await user.selectOptions(screen.getByLabelText('City'), 'Hyderabad')
    await user.click(screen.getByRole('radio', { name: /seller agent/i }))
    await user.click(screen.getByRole('button', { name: /create account/i }))
    await waitFor(() => expect(currentLocation()).toBe('/dashboard'))
    await expectToast('Check your email', 'We have sent a message to ravi@example.com.')
    expect(calls.find((c) => c.path === '/api/register')!.body).toEqual({
      username: 'ravi',
      password: 'correct horse',
      fullName: 'Ravi Kumar',
      phone: '+919876543210',
      agentType: 'seller',
      state: 'Telangana',
      city: 'Hyderabad',
      email: 'ravi@example.com',
    })
    await waitFor(() => expect(view.queryClient.getQueryData(['/api/user'])).toEqual(testUser))
  })

  it('goes back to the phone step when the server says the phone is not verified', async () => {
    const { user } = await reachDetails({
      'POST /api/register': { status: 403, body: { message: 'Phone Not Verified – Please verify your phone number first' } },
    })
    await user.type(screen.getByLabelText('Full Name'), 'Ravi Kumar')
    await user.type(screen.getByLabelText('Username'), 'ravi')
    await user.type(screen.getByLabelText('Password'), 'correct horse')
    await screen.findByRole('option', { name: 'Telangana' })
    await user.selectOptions(screen.getByLabelText('State'), 'Telangana')
    await screen.findByRole('option', { name: 'Hyderabad' })
    await user.selectOptions(screen.getByLabelText('City'), 'Hyderabad')
    await user.click(screen.getByRole('button', { name: /create account/i }))
    await expectToast('Phone Not Verified', 'Please verify your phone number first')
    expect(screen.getByLabelText('WhatsApp Number')).toBeInTheDocument()
  })
})
