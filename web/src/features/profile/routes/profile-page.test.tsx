import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { ProfilePage } from '@/features/profile/routes/profile-page'
import { expectToast, mockApi, renderWithProviders, testUser } from '@/test/utils'

afterEach(() => vi.unstubAllGlobals())

const stats = { propertiesListed: 7, successfulMatches: 3 }

function setup(extra: Parameters<typeof mockApi>[0] = {}) {
  let user = { ...testUser }
  const api = mockApi({
    'GET /api/user': () => ({ body: user }),
    'GET /api/user/stats': { body: stats },
    'PUT /api/user/profile': ({ body }) => {
      user = {
        ...user,
        ...(body as object),
        profilePicture: (body as { profilePicture: string | null }).profilePicture ? '/media/abc' : null,
      }
      return { body: user }
    },
    ...extra,
  })
  renderWithProviders(<ProfilePage />, { route: '/profile', path: '/profile' })
  return { ...api, events: userEvent.setup({ applyAccept: false }) }
}

describe('ProfilePage', () => {
  it('shows the fields with Not provided, the initial and the server statistics', async () => {
    setup()
    expect(await screen.findByRole('heading', { name: 'My Profile' })).toBeInTheDocument()
    const rera = screen.getByText('RERA Number').closest('div')!
    expect(within(rera).getByText('Not provided')).toBeInTheDocument()
    expect(within(screen.getByText('Bio').closest('div')!).getByText('Not provided')).toBeInTheDocument()
    expect(screen.getByText('Hyderabad, Telangana')).toBeInTheDocument()
    expect(screen.getAllByText('R').length).toBeGreaterThan(0)
    expect(await screen.findByText('7')).toBeInTheDocument()
    expect(screen.getByText('Properties Listed')).toBeInTheDocument()
    expect(screen.getByText('3')).toBeInTheDocument()
  })

  it('saves the edit with a picture and toasts Profile updated', async () => {
    const { calls, events } = setup()
    await events.click(await screen.findByRole('button', { name: 'Edit Profile' }))
    expect(screen.getByText('Max 100KB, JPG/PNG only')).toBeInTheDocument()
    expect(screen.getByLabelText('Phone')).toBeDisabled()
    expect(screen.getByLabelText('City')).toBeDisabled()
    const bio = screen.getByLabelText('Bio')
    await events.type(bio, 'Plots in Shamshabad')
    await events.upload(screen.getByLabelText('Profile picture'), new File([new Uint8Array(500)], 'me.png', { type: 'image/png' }))
    await events.click(screen.getByRole('button', { name: 'Save' }))
    await expectToast('Profile updated', 'Your profile has been successfully updated.')
    const put = calls.find((c) => c.method === 'PUT')!.body as Record<string, unknown>
    expect(put.bio).toBe('Plots in Shamshabad')
    expect(String(put.profilePicture)).toMatch(/^data:image\/png;base64,/)
    expect(put).not.toHaveProperty('phone')
    expect(await screen.findByText('Plots in Shamshabad')).toBeInTheDocument()
  })

  it.each([
    ['a GIF', new File(['GIF89a'], 'a.gif', { type: 'image/gif' }), 'Invalid file type'],
    ['a 150 KB JPEG', new File([new Uint8Array(150 * 1024)], 'big.jpg', { type: 'image/jpeg' }), 'File too large'],
  ])('refuses %s before sending it', async (_, file, title) => {
    const { calls, events } = setup()
    await events.click(await screen.findByRole('button', { name: 'Edit Profile' }))
    await events.upload(screen.getByLabelText('Profile picture'), file)
    await expectToast(title)
    expect(calls.some((c) => c.method === 'PUT')).toBe(false)
  })

  it('shows the server field errors and Update failed', async () => {
    const { events } = setup({
      'PUT /api/user/profile': {
        status: 409,
        body: {
          message: 'An account with this email already exists',
          errors: [{ path: 'email', message: 'An account with this email already exists' }],
        },
      },
    })
    await events.click(await screen.findByRole('button', { name: 'Edit Profile' }))
    await events.click(screen.getByRole('button', { name: 'Save' }))
    await expectToast('Update failed', 'An account with this email already exists')
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true')
  })

  it('requires the full name', async () => {
    const { calls, events } = setup()
    await events.click(await screen.findByRole('button', { name: 'Edit Profile' }))
    await events.clear(screen.getByLabelText('Full Name'))
    await events.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('Full name is required')).toBeInTheDocument()
    expect(calls.some((c) => c.method === 'PUT')).toBe(false)
  })
})
