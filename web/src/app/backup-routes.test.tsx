import { render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { AppProviders } from '@/app/providers'
import { AppRoutes } from '@/app/router'
import { createQueryClient } from '@/lib/query-client'
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
    return render(
      <MemoryRouter initialEntries={[route]}>
        <AppProviders queryClient={createQueryClient()}>
          <AppRoutes />
        </AppProviders>
      </MemoryRouter>,
    )
  }

  it('tells agents that backup monitoring is for administrators', async () => {
    renderApp('/backup-monitor', 'agent')
    expect(await screen.findByText('Access Restricted')).toBeInTheDocument()
    expect(screen.getByText('Backup monitoring is only available to administrators.')).toBeInTheDocument()
  })

  it.each(['/backup', '/backup-new', '/backup-monitor'])('%s leads an admin to the backup monitor', async (route) => {
    renderApp(route, 'admin')
    expect(await screen.findByRole('heading', { name: 'Backup Monitor' })).toBeInTheDocument()
  })
})
