import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { SettingsPage } from '@/features/settings/routes/settings-page'
import { applySettingsPatch, type Settings, type SettingsPatch } from '@/shared/settings'
import { expectToast, mockApi, renderWithProviders, testUser } from '@/test/utils'

afterEach(() => {
  vi.unstubAllGlobals()
  document.documentElement.classList.remove('dark')
  localStorage.clear()
})

const defaults = (): Settings => ({
  notifications: {
    matches: { enabled: true, email: true, whatsapp: false },
    messages: { enabled: true, email: true, whatsapp: false },
    updates: { enabled: true, email: true, whatsapp: false },
  },
  privacy: { profileVisible: true, contactVisible: true },
  preferences: { theme: 'light', autoSync: true },
})

const at = '2026-11-20T10:00:00Z'
const sessions = () => [
  { id: 9, device: 'Chrome on Windows', ip: '10.0.0.1', createdAt: at, lastUsedAt: at, current: true },
  { id: 4, device: 'Safari on iPhone', ip: '10.0.0.2', createdAt: at, lastUsedAt: at, current: false },
]

function setup(extra: Parameters<typeof mockApi>[0] = {}) {
  let list = sessions()
  let saved = defaults()
  const api = mockApi({
    'GET /api/user': { body: testUser },
    'GET /api/user/settings': () => ({ body: saved }),
    'PUT /api/user/settings': ({ body }) => {
      saved = applySettingsPatch(saved, body as SettingsPatch)
      return { body: saved }
    },
    'GET /api/version': {
      body: {
        version: '02a8ace236d6',
        revision: '02a8ace236d68273065736de3cab5d42566286f4',
        commitTime: '',
        modified: false,
        go: 'go1.25.0',
      },
    },
    'GET /api/user/sessions': () => ({ body: list }),
    'GET /api/user/webhooks': { body: [] },
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
  return { ...api, events: userEvent.setup(), saved: () => saved }
}

const puts = (calls: ReturnType<typeof mockApi>['calls']) =>
  calls.filter((c) => c.method === 'PUT' && c.path === '/api/user/settings').map((c) => c.body)

describe('SettingsPage: sections', () => {
  it('shows every section in order, ending with Sign Out', async () => {
    setup()
    await screen.findByRole('switch', { name: 'New Matches' })
    const sections = screen.getAllByTestId(/^settings-/).map((el) => el.dataset.testid)
    expect(sections).toEqual([
      'settings-notifications',
      'settings-privacy',
      'settings-account',
      'settings-api-keys',
      'settings-preferences',
      'settings-webhooks',
      'settings-support',
      'settings-sign-out',
    ])
  })

  it('saves a notification switch and a channel, only what changed', async () => {
    const { calls, events, saved } = setup()
    const matches = await screen.findByRole('switch', { name: 'New Matches' })
    expect(matches).toBeChecked()
    // In-app is always on while the kind is: shown, never changeable.
    const channels = within(screen.getByTestId('channels-messages'))
    expect(channels.getByRole('checkbox', { name: 'In-app' })).toBeDisabled()
    await events.click(channels.getByRole('checkbox', { name: 'WhatsApp' }))
    await expectToast('Settings saved')
    await events.click(matches)
    await waitFor(() => expect(matches).not.toBeChecked())
    expect(within(screen.getByTestId('channels-matches')).getByRole('checkbox', { name: 'Email' })).toBeDisabled()
    expect(puts(calls)).toEqual([{ notifications: { messages: { whatsapp: true } } }, { notifications: { matches: { enabled: false } } }])
    await waitFor(() => expect(saved().notifications.matches.enabled).toBe(false))
    expect(saved().notifications.messages.whatsapp).toBe(true)
  })

  it('shows a change at once and puts it back when the server refuses it', async () => {
    let answer: (v: { status: number; body: unknown }) => void = () => {}
    const { events } = setup({ 'PUT /api/user/settings': () => new Promise((resolve) => (answer = resolve)) })
    const contact = await screen.findByRole('switch', { name: 'Show Contact Details' })
    await events.click(contact)
    expect(contact).not.toBeChecked() // optimistic
    answer({ status: 503, body: { message: 'PropMatch is busy' } })
    await expectToast('Settings not saved', 'PropMatch is busy')
    await waitFor(() => expect(contact).toBeChecked())
  })

  it('saves the theme choice (the shell shows it, see lib/theme.test.ts)', async () => {
    const { calls, events } = setup()
    await events.selectOptions(await screen.findByLabelText('Theme'), 'dark')
    expect(puts(calls)).toEqual([{ preferences: { theme: 'dark' } }])
    await expectToast('Settings saved')
  })

  it('links the help page and its support contact, and shows the build version', async () => {
    setup()
    const support = await screen.findByRole('navigation', { name: 'Support' })
    expect(within(support).getByRole('link', { name: 'Help Center' })).toHaveAttribute('href', '/help')
    expect(within(support).getByRole('link', { name: 'Contact Support' })).toHaveAttribute('href', '/help#contact')
    await waitFor(() => expect(screen.getByTestId('app-version')).toHaveTextContent('Version02a8ace236d6'))
  })

  it("says 'Signing Out...' while signing out", async () => {
    const { events } = setup({ 'POST /api/logout': () => new Promise(() => {}) })
    await events.click(await screen.findByRole('button', { name: 'Sign Out' }))
    expect(await screen.findByRole('button', { name: 'Signing Out...' })).toBeDisabled()
  })
})

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
