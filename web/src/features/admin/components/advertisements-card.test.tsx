import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Advertisement } from '@/features/admin/api/get-admin-advertisements'
import { AdvertisementsCard } from '@/features/admin/components/advertisements-card'
import { expectToast, mockApi, renderWithProviders, testUser } from '@/test/utils'

afterEach(() => vi.unstubAllGlobals())

const admin = { ...testUser, id: 1, role: 'admin' as const }

const ad: Advertisement = {
  id: 7,
  title: 'RERA Legal Help',
  description: 'Registration and disputes',
  highlight: '',
  iconName: 'Shield',
  gradient: '',
  buttonText: 'Learn More',
  badge: 'Legal',
  offer: 'First consultation free',
  color: 'bg-emerald-600',
  displayOrder: 2,
  contactInfo: '',
  websiteUrl: '',
  targetCities: ['Pune', 'Mumbai'],
  targetStates: [],
  advertisementImage: null,
  isActive: false,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
}

describe('AdvertisementsCard', () => {
  it('lists every advert with its targets, and creates one from the dialog', async () => {
    const { calls } = mockApi({
      'GET /api/user': { body: admin },
      'GET /api/admin/advertisements': { body: [ad] },
      'POST /api/advertisements': { status: 201, body: { ...ad, id: 8 } },
      'GET /api/states': { body: ['Kerala', 'Maharashtra'] },
      'GET /api/cities/Maharashtra': { body: ['Nashik', 'Pune'] },
      'GET /api/cities/Kerala': { body: ['Kochi', 'Kollam'] },
    })
    const user = userEvent.setup()
    renderWithProviders(<AdvertisementsCard />)
    const row = await screen.findByTestId('admin-advert')
    expect(row).toHaveTextContent('Pune, Mumbai · order 2')
    expect(row).toHaveTextContent('Inactive')
    await user.click(screen.getByRole('button', { name: 'Add New Advertisement' }))
    const dialog = await screen.findByRole('dialog', { name: 'Add New Advertisement' })
    await user.type(within(dialog).getByLabelText('Title'), 'Home loans')
    // Cities are picked from the lists, never typed: a state, then one of its cities.
    expect(within(dialog).queryByRole('textbox', { name: 'Target Cities' })).toBeNull()
    await user.selectOptions(await within(dialog).findByLabelText('State of the city to add'), 'Maharashtra')
    await user.selectOptions(await within(dialog).findByRole('combobox', { name: 'City to add' }), 'Pune')
    await user.click(within(dialog).getAllByRole('button', { name: 'Add' })[0])
    await user.selectOptions(within(dialog).getByLabelText('State of the city to add'), 'Kerala')
    await within(dialog).findByRole('option', { name: 'Kochi' })
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'City to add' }), 'Kochi')
    await user.click(within(dialog).getAllByRole('button', { name: 'Add' })[0])
    expect(within(dialog).getByRole('list', { name: 'Target Cities' })).toHaveTextContent('PuneKochi')
    await user.selectOptions(within(dialog).getByLabelText('Colour'), 'bg-violet-600')
    await user.click(within(dialog).getByRole('button', { name: 'Create Advertisement' }))
    await expectToast('Advertisement created successfully')
    // The server splits the targets; the form sends what was typed, with the defaults the server fills left empty.
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({
      title: 'Home loans',
      targetCities: 'Pune, Kochi',
      color: 'bg-violet-600',
      iconName: 'Star',
      buttonText: '',
      displayOrder: '0',
      isActive: true,
      advertisementImage: '',
    })
  })

  it('shows the field errors of a refused save under their fields', async () => {
    mockApi({
      'GET /api/user': { body: admin },
      'GET /api/admin/advertisements': { body: [ad] },
      'PUT /api/advertisements/7': {
        status: 400,
        body: { message: 'Invalid', errors: [{ path: 'websiteUrl', message: 'Website address must be a valid http or https address' }] },
      },
      'GET /api/states': { body: ['Kerala', 'Maharashtra'] },
    })
    const user = userEvent.setup()
    renderWithProviders(<AdvertisementsCard />)
    await user.click(await screen.findByRole('button', { name: 'Edit RERA Legal Help' }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit Advertisement' })
    expect(within(dialog).getByRole('list', { name: 'Target Cities' })).toHaveTextContent('PuneMumbai')
    await user.type(within(dialog).getByLabelText('Website URL'), 'rera help')
    await user.click(within(dialog).getByRole('button', { name: 'Update Advertisement' }))
    expect(await within(dialog).findByText('Website address must be a valid http or https address')).toBeInTheDocument()
    expect(within(dialog).getByLabelText('Website URL')).toHaveAttribute('aria-invalid', 'true')
  })

  it('asks before deleting, then deletes', async () => {
    const { calls } = mockApi({
      'GET /api/user': { body: admin },
      'GET /api/admin/advertisements': { body: [ad] },
      'DELETE /api/advertisements/7': { status: 204 },
    })
    const user = userEvent.setup()
    renderWithProviders(<AdvertisementsCard />)
    await user.click(await screen.findByRole('button', { name: 'Delete RERA Legal Help' }))
    const confirm = await screen.findByRole('dialog', { name: 'Delete Advertisement' })
    expect(confirm).toHaveTextContent('Are you sure you want to delete this advertisement?')
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false)
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }))
    await expectToast('Advertisement deleted successfully')
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/advertisements/7')).toBe(true)
  })
})
