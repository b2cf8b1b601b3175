import { screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderRoute } from '@/test/render-app'
import { makeStatus } from '@/test/backup-fixtures'
import { mockApi, testUser } from '@/test/utils'

afterEach(() => vi.unstubAllGlobals())

describe('backup routes', () => {
  function renderApp(route: string, role: string) {
    mockApi({
      'GET /api/user': { body: { ...testUser, role } },
      'GET /api/admin/backups': { body: makeStatus() },
      'HEAD /api/dev/outbox': { status: 200 },
    })
    return renderRoute(route)
  }

  it('shows agents the Access Denied (403) page of the admin guard', async () => {
    renderApp('/backup-monitor', 'agent')
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeInTheDocument()
  })

  it.each(['/backup', '/backup-new', '/backup-monitor'])('%s leads an admin to the backup monitor', async (route) => {
    renderApp(route, 'admin')
    expect(await screen.findByRole('heading', { name: 'Backup Monitor' })).toBeInTheDocument()
  })
})
