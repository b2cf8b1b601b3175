import { makeAdminStats } from '@/test/admin-fixtures'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { AdminConsole } from '@/app/routes/admin/admin-console'
import { expectToast, mockApi, renderWithProviders, testUser } from '@/test/utils'

afterEach(() => vi.unstubAllGlobals())

const admin = { ...testUser, id: 1, role: 'admin' as const }
const course = (id: number, title: string, status = 'available') => ({
  id,
  title,
  description: 'd',
  instructor: 'Anita Desai',
  duration: '2 hours',
  level: 'Beginner',
  price: 'Free',
  category: 'Legal',
  videoUrl: null,
  thumbnailUrl: null,
  status,
  displayOrder: id,
  tab: 'courses',
  modules: [],
  rating: 0,
  studentsEnrolled: 3,
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
})

describe('AdminConsole Content tab (issue 25)', () => {
  it('lists the courses with category and display order, edits and deletes them there', async () => {
    const { calls } = mockApi({
      'GET /api/user': { body: admin },
      'GET /api/admin/stats': { body: makeAdminStats() },
      'GET /api/admin/advertisements': { body: [] },
      'GET /api/courses': { body: [course(1, 'RERA Basics'), course(2, 'GST for Agents', 'coming_soon')] },
      'DELETE /api/courses/2': { status: 204 },
    })
    const user = userEvent.setup()
    renderWithProviders(<AdminConsole />)
    await user.click(await screen.findByRole('tab', { name: 'Content' }))
    const card = await screen.findByTestId('admin-courses')
    const rows = await within(card).findAllByTestId('admin-course')
    expect(rows).toHaveLength(2)
    expect(rows[0]).toHaveTextContent('RERA Basics')
    expect(rows[0]).toHaveTextContent('Legal · order 1')
    expect(rows[1]).toHaveTextContent('coming soon')
    expect(within(card).getByRole('button', { name: 'Add New Course' })).toBeInTheDocument()
    expect(within(card).getByRole('button', { name: 'Edit RERA Basics' })).toBeInTheDocument()
    await user.click(within(card).getByRole('button', { name: 'Delete GST for Agents' }))
    const dialog = await screen.findByRole('dialog', { name: 'Delete course?' })
    await user.click(within(dialog).getByRole('button', { name: 'Delete course' }))
    await expectToast('Course deleted successfully')
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/courses/2')).toBe(true)
  })
})
