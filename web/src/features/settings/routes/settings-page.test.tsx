import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { SettingsPage } from '@/features/settings/routes/settings-page'
import { expectToast, mockApi, renderWithProviders, testUser } from '@/test/utils'

afterEach(() => vi.unstubAllGlobals())

const at = '2026-11-20T10:00:00Z'
const sessions = () => [
  { id: 9, device: 'Chrome on Windows', ip: '10.0.0.1', createdAt: at, lastUsedAt: at, current: true },
  { id: 4, device: 'Safari on iPhone', ip: '10.0.0.2', createdAt: at, lastUsedAt: at, current: false },
]

function setup(extra: Parameters<typeof mockApi>[0] = {}) {
  let list = sessions()
  const api = mockApi({
    'GET /api/user': { body: testUser },
    'GET /api/user/sessions': () => ({ body: list }),
    'DELETE /api/user/sessions/4': () => {
      list = list.filter((s) => s.id !== 4)
      return { body: { message: 'Signed out', sessionsEnded: 1 } }
    },
    'POST /api/user/sessions/sign-out-others': () => {
      list = list.filter((s) => s.current)
      return { body: { message: 'Signed out everywhere else', sessionsEnded: 1 } }
    },
    ...extra,
  })
  renderWithProviders(<SettingsPage />, { route: '/settings', path: '/settings' })
  return { ...api, events: userEvent.setup() }
}

describe('SettingsPage: sessions', () => {
  it('lists the sessions and signs one out', async () => {
    const { calls, events } = setup()
    const rows = await screen.findAllByTestId('session-row')
    expect(rows).toHaveLength(2)
    expect(within(rows[0]).getByText('This device')).toBeInTheDocument()
    await events.click(within(rows[1]).getByRole('button', { name: 'Sign out' }))
    await expectToast('Session signed out')
    await waitFor(() => expect(screen.getAllByTestId('session-row')).toHaveLength(1))
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/user/sessions/4')).toBe(true)
  })

  it('signs out everywhere else, then has nothing more to sign out', async () => {
    const { events } = setup()
    await events.click(await screen.findByRole('button', { name: 'Sign out everywhere else' }))
    await expectToast('Signed out everywhere else')
    await waitFor(() => expect(screen.getAllByTestId('session-row')).toHaveLength(1))
    expect(screen.getByRole('button', { name: 'Sign out everywhere else' })).toBeDisabled()
  })
})

describe('SettingsPage: change password', () => {
  it('checks the confirmation before sending', async () => {
    const { calls, events } = setup()
    await events.type(await screen.findByLabelText('Current Password'), 'Old-pass-123')
    await events.type(screen.getByLabelText('New Password'), 'Monsoon-Ledger-42')
    await events.type(screen.getByLabelText('Confirm New Password'), 'Monsoon-Ledger-43')
    await events.click(screen.getByRole('button', { name: 'Change Password' }))
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument()
    expect(calls.some((c) => c.path === '/api/user/password')).toBe(false)
  })

  it('shows a wrong current password under its field', async () => {
    const { events } = setup({
      'POST /api/user/password': {
        status: 400,
        body: { message: 'Current password is incorrect', errors: [{ path: 'currentPassword', message: 'Current password is incorrect' }] },
      },
    })
    await events.type(await screen.findByLabelText('Current Password'), 'wrong-one-123')
    await events.type(screen.getByLabelText('New Password'), 'Monsoon-Ledger-42')
    await events.type(screen.getByLabelText('Confirm New Password'), 'Monsoon-Ledger-42')
    await events.click(screen.getByRole('button', { name: 'Change Password' }))
    await expectToast('Could not change the password')
    expect(screen.getByLabelText('Current Password')).toHaveAttribute('aria-invalid', 'true')
  })

  it('changes it, says how many sessions ended and clears the form', async () => {
    const { calls, events } = setup({ 'POST /api/user/password': { body: { message: 'Password changed', sessionsEnded: 1 } } })
    await events.type(await screen.findByLabelText('Current Password'), 'Old-pass-123')
    await events.type(screen.getByLabelText('New Password'), 'Monsoon-Ledger-42')
    await events.type(screen.getByLabelText('Confirm New Password'), 'Monsoon-Ledger-42')
    await events.click(screen.getByRole('button', { name: 'Change Password' }))
    await expectToast('Password changed', '1 other session was signed out.')
    expect(calls.find((c) => c.path === '/api/user/password')!.body).toEqual({
      currentPassword: 'Old-pass-123',
      newPassword: 'Monsoon-Ledger-42',
    })
    expect(screen.getByLabelText('Current Password')).toHaveValue('')
  })
})
