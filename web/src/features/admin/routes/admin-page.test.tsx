import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { AdminPage } from '@/features/admin/routes/admin-page'
import { expectToast, mockApi, renderWithProviders, testUser } from '@/test/utils'

afterEach(() => vi.unstubAllGlobals())

const admin = { ...testUser, id: 1, role: 'admin' as const, username: 'asha', fullName: 'Asha Rao' }
const agent = { ...testUser, id: 2, username: 'bala', fullName: 'Bala Subramanian', phone: '+919800000002' }
const gone = { ...testUser, id: 9, username: 'deleted:9', fullName: 'Deleted agent', phone: 'deleted:9', isActive: false, deleted: true }

const stats = {
  totalUsers: 12,
  totalProperties: 34,
  totalRequirements: 5,
  totalMatches: 7,
  totalCourses: 3,
  comingSoonCourses: 2,
  activeConnections: 4,
  signupsLast30Days: 6,
  activeAgentsLast7Days: 2,
  queue: {
    matching: { due: 1, running: 0, scheduled: 0, oldestDueSeconds: 240, nextAt: null },
    digests: { due: 0, running: 0, scheduled: 0, oldestDueSeconds: 0, nextAt: null },
    other: { due: 0, running: 0, scheduled: 0, oldestDueSeconds: 0, nextAt: null },
  },
  countedAt: '2026-01-01T00:00:00Z',
}

describe('AdminPage', () => {
  it('shows the server figures on the overview', async () => {
    mockApi({ 'GET /api/user': { body: admin }, 'GET /api/admin/stats': { body: stats } })
    renderWithProviders(<AdminPage />)
    const overview = await screen.findByTestId('admin-overview')
    for (const [title, value] of [
      ['Total Users', '12'],
      ['Total Properties', '34'],
      ['Active Connections', '4'],
      ['Sign-ups', '6'],
      ['Matching Queue', '1'],
    ]) {
      const tile = within(overview).getByText(title).closest('div')!
      expect(within(tile).getByText(value)).toBeInTheDocument()
    }
    expect(within(overview).getByText('oldest waiting 4 min')).toBeInTheDocument()
    // Issue 25: the agents' count, and those coming soon beside it.
    expect(within(overview).getByText('available courses (2 coming soon)')).toBeInTheDocument()
  })

  it('links to the other admin pages', async () => {
    mockApi({ 'GET /api/user': { body: admin }, 'GET /api/admin/stats': { body: stats } })
    renderWithProviders(<AdminPage />)
    const tools = await screen.findByRole('navigation', { name: 'Admin tools' })
    for (const [name, href] of [
      ['Landing page content', '/admin/site'],
      ['Backups', '/backup-monitor'],
      ['Security', '/security'],
      ['Email templates', '/email-test'],
    ]) {
      expect(within(tools).getByRole('link', { name })).toHaveAttribute('href', href)
    }
  })

  it('searches users on the server, changes a role and deactivates', async () => {
    const { calls } = mockApi({
      'GET /api/user': { body: admin },
      'GET /api/admin/stats': { body: stats },
      'GET /api/admin/users': ({ url }) => ({ body: url.searchParams.get('q') === 'nobody' ? [] : [admin, agent, gone] }),
      'PATCH /api/admin/users/2/role': { body: { ...agent, role: 'admin' } },
      'POST /api/admin/users/2/deactivate': { body: { ...agent, isActive: false } },
    })
    const user = userEvent.setup()
    renderWithProviders(<AdminPage />)
    await user.click(await screen.findByRole('tab', { name: 'Users' }))
    const row = await screen.findByTestId('admin-user-bala')
    // No deactivate button on one's own row.
    expect(within(screen.getByTestId('admin-user-asha')).queryByRole('button', { name: 'Deactivate' })).toBeNull()

    await user.selectOptions(within(row).getByLabelText('Role of Bala Subramanian'), 'admin')
    await expectToast('Role updated', 'Bala Subramanian is now admin.')
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ role: 'admin' })

    // Phones are formatted.
    expect(row).toHaveTextContent('+91 98000 00002')
    // A deleted account shows as deleted, with no role selector, Edit or Reactivate.
    const deletedRow = screen.getByTestId('admin-user-deleted:9')
    expect(deletedRow).toHaveTextContent('deleted')
    expect(within(deletedRow).queryByRole('combobox')).toBeNull()
    expect(within(deletedRow).queryByRole('button')).toBeNull()
    expect(deletedRow).not.toHaveTextContent('deleted:9')

    // Deactivate asks first, naming what it does; Cancel sends nothing.
    await user.click(within(row).getByRole('button', { name: 'Deactivate' }))
    let confirm = await screen.findByRole('dialog', { name: 'Deactivate Bala Subramanian?' })
    expect(confirm).toHaveTextContent('signs Bala Subramanian out on every device')
    expect(confirm).toHaveTextContent('takes their listings and requirements off the marketplace')
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }))
    expect(calls.some((c) => c.path === '/api/admin/users/2/deactivate')).toBe(false)
    await user.click(within(row).getByRole('button', { name: 'Deactivate' }))
    confirm = await screen.findByRole('dialog', { name: 'Deactivate Bala Subramanian?' })
    await user.click(within(confirm).getByRole('button', { name: 'Deactivate' }))
    await expectToast('User deactivated')
    expect(calls.some((c) => c.path === '/api/admin/users/2/deactivate')).toBe(true)

    await user.type(screen.getByRole('searchbox'), 'nobody')
    expect(await screen.findByText('No users match your search.')).toBeInTheDocument()
    expect(calls.some((c) => c.path === '/api/admin/users?q=nobody')).toBe(true)
  })

  it('shows the server field errors in the Edit User Information dialog', async () => {
    mockApi({
      'GET /api/user': { body: admin },
      'GET /api/admin/stats': { body: stats },
      'GET /api/admin/users': { body: [agent] },
      'GET /api/states': { body: ['Telangana', 'Karnataka'] },
      'GET /api/cities/Telangana': { body: ['Hyderabad', 'Warangal'] },
      'PATCH /api/admin/users/2': {
        status: 409,
        body: { message: 'Username is already taken', errors: [{ path: 'username', message: 'Username is already taken' }] },
      },
    })
    const user = userEvent.setup()
    renderWithProviders(<AdminPage />)
    await user.click(await screen.findByRole('tab', { name: 'Users' }))
    await user.click(await screen.findByRole('button', { name: 'Edit Bala Subramanian' }))
    const dialog = await screen.findByRole('dialog', { name: 'Edit User Information' })
    const username = within(dialog).getByLabelText('Username')
    await user.clear(username)
    await user.type(username, 'asha')
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }))
    await expectToast('Could not save the user')
    expect(await within(dialog).findByText('Username is already taken')).toBeInTheDocument()
    expect(username).toHaveAttribute('aria-invalid', 'true')
  })

  it('filters matches by status and lists the audit log', async () => {
    const { calls } = mockApi({
      'GET /api/user': { body: admin },
      'GET /api/admin/stats': { body: stats },
      'GET /api/admin/matches': { body: [] },
      'GET /api/admin/audit': {
        body: [
          {
            id: 9,
            actorId: 1,
            actorLabel: 'asha',
            actor: 'asha',
            summary: 'Changed role · user #2',
            action: 'user.role',
            targetType: 'user',
            targetId: 2,
            before: { role: 'agent' },
            after: { role: 'admin' },
            ip: '10.0.0.1',
            createdAt: '2026-01-01T10:00:00Z',
          },
        ],
      },
    })
    const user = userEvent.setup()
    renderWithProviders(<AdminPage />)
    await user.click(await screen.findByRole('tab', { name: 'Matches' }))
    await user.selectOptions(await screen.findByLabelText('Filter by status'), 'closed')
    expect(await screen.findByText('No matches with this status.')).toBeInTheDocument()
    expect(calls.some((c) => c.path === '/api/admin/matches?status=closed')).toBe(true)

    await user.click(screen.getByRole('tab', { name: 'Audit log' }))
    const log = await screen.findByTestId('admin-audit')
    expect(within(log).getByText('Changed role · user #2')).toBeInTheDocument()
    expect(within(log).getByText('by asha from 10.0.0.1')).toBeInTheDocument()
    expect(within(log).getByText('role: agent → admin')).toBeInTheDocument()
  })
})
