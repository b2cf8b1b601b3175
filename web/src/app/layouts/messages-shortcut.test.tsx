import { screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { MessagesShortcut } from '@/app/layouts/messages-shortcut'
import { mockApi, renderWithProviders, testUser } from '@/test/utils'

afterEach(() => vi.unstubAllGlobals())

function setup(count: number) {
  mockApi({ 'GET /api/user': { body: testUser }, 'GET /api/messages/unread-count': { body: { count } } })
  return renderWithProviders(<MessagesShortcut />)
}

describe('top bar messages shortcut', () => {
  it('shows the unread count', async () => {
    setup(4)
    const link = await screen.findByRole('link', { name: 'Messages, 4 unread messages' })
    expect(link).toHaveAttribute('href', '/messages')
    expect(screen.getByTestId('unread-badge')).toHaveTextContent('4')
  })

  it('shows no badge at zero and caps large counts at 99+', async () => {
    const view = setup(0)
    await waitFor(() => expect(view.queryClient.getQueryData(['/api/messages/unread-count'])).toEqual({ count: 0 }))
    expect(screen.getByRole('link', { name: 'Messages' })).toBeInTheDocument()
    expect(screen.queryByTestId('unread-badge')).not.toBeInTheDocument()
    view.unmount()
    setup(250)
    expect(await screen.findByTestId('unread-badge')).toHaveTextContent('99+')
  })

  it('refreshes settled dashboard stats that disagree with the polled count', async () => {
    mockApi({ 'GET /api/user': { body: testUser }, 'GET /api/messages/unread-count': { body: { count: 3 } } })
    const view = renderWithProviders(<MessagesShortcut />)
    view.queryClient.setQueryData(['/api/dashboard/stats'], { unreadMessages: 1 })
    await screen.findByTestId('unread-badge')
    await waitFor(() => expect(view.queryClient.getQueryState(['/api/dashboard/stats'])!.isInvalidated).toBe(true))
  })
})
