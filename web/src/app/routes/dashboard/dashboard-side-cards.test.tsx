import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { setup, paths, stats } from '@/app/routes/dashboard/dashboard-test-setup'
import { makeProperty } from '@/test/match-fixtures'
import { makeMessage } from '@/test/network-fixtures'
import { testUser } from '@/test/utils'

afterEach(() => vi.unstubAllGlobals())

describe('Dashboard: Recent Messages', () => {
  const recent = [
    makeMessage({
      id: 3,
      senderId: 2,
      receiverId: testUser.id,
      isRead: false,
      content: 'Is the villa still available?',
      createdAt: '2025-03-05T10:00:00Z',
    }),
    makeMessage({
      id: 2,
      senderId: testUser.id,
      receiverId: 2,
      isRead: false,
      content: 'Sharing the brochure now',
      createdAt: '2025-03-04T10:00:00Z',
    }),
    makeMessage({
      id: 1,
      senderId: 3,
      receiverId: testUser.id,
      isRead: true,
      content: 'Thanks for the lead',
      createdAt: '2025-03-03T10:00:00Z',
    }),
  ]

  it('lists the 3 newest messages with content, date and an unread dot only for unread ones to the user', async () => {
    const { calls } = setup('desktop', { 'GET /api/messages': { body: recent } })
    const card = await screen.findByTestId('recent-messages-card')
    await waitFor(() => expect(within(card).getAllByTestId('recent-message')).toHaveLength(3))
    const rows = within(card).getAllByTestId('recent-message')
    expect(rows[0]).toHaveTextContent('Is the villa still available?')
    expect(rows[0]).toHaveTextContent('5 Mar 2025')
    expect(rows[1]).toHaveTextContent('You: Sharing the brochure now')
    expect(rows.map((r) => !!within(r).queryByTestId('unread-dot'))).toEqual([true, false, false])
    expect(rows[0]).toHaveAttribute('href', '/messages?with=2')
    expect(within(card).getByRole('link', { name: /view all/i })).toHaveAttribute('href', '/messages')
    expect(paths(calls, '/api/messages')).toEqual(['/api/messages?limit=3'])
  })

  it('says when there are no messages', async () => {
    setup('desktop')
    expect(await screen.findByTestId('no-recent-messages')).toHaveTextContent('No messages yet')
  })
})

describe('Dashboard: mobile', () => {
  it('shows count tiles from the stats, the courses open for enrolment among them', async () => {
    const { calls } = setup('mobile', { 'GET /api/dashboard/stats': { body: { ...stats, courses: 31 } } })
    const tiles = await screen.findByTestId('mobile-tiles')
    expect(await within(tiles).findByRole('link', { name: 'My Properties 7' })).toHaveAttribute('href', '/properties')
    expect(within(tiles).getByRole('link', { name: 'Requirements 4' })).toHaveAttribute('href', '/requirements')
    expect(within(tiles).getByRole('link', { name: 'Matches 11' })).toHaveAttribute('href', '/matches')
    expect(within(tiles).getByRole('link', { name: 'Messages 3' })).toHaveAttribute('href', '/messages')
    expect(within(tiles).getByRole('link', { name: 'Connections 6' })).toHaveAttribute('href', '/agents')
    expect(within(tiles).getByRole('link', { name: 'Courses 31' })).toHaveAttribute('href', '/training')
    expect(tiles).not.toHaveTextContent(/Coming soon/i)
    // No marketplace on a phone, so nothing is fetched for it; the course count needs no call of its own.
    expect(screen.queryByTestId('marketplace-card')).not.toBeInTheDocument()
    expect(paths(calls, '/api/marketplace')).toEqual([])
    expect(paths(calls, '/api/matches')).toEqual([])
    expect(paths(calls, '/api/courses')).toEqual([])
  })

  it('shows the first 3 of the agent’s own listings as mobile cards', async () => {
    const own = [1, 2, 3, 4].map((id) => makeProperty({ id, title: `Listing ${id}` }))
    const { calls } = setup('mobile', { 'GET /api/properties': { body: own } })
    const recent = await screen.findByTestId('recent-properties')
    await waitFor(() => expect(within(recent).getAllByTestId('property-card')).toHaveLength(3))
    const cards = within(recent).getAllByTestId('property-card')
    expect(cards.map((c) => c.getAttribute('data-layout'))).toEqual(['mobile', 'mobile', 'mobile'])
    expect(cards.map((c) => within(c).getByRole('heading').textContent?.trim())).toEqual(['Listing 1', 'Listing 2', 'Listing 3'])
    expect(paths(calls, '/api/properties')).toEqual(['/api/properties?limit=3'])
  })

  it('shows tiles without numbers when the counts cannot be loaded', async () => {
    setup('mobile', { 'GET /api/dashboard/stats': { status: 500, body: { message: 'down' } } })
    const tiles = await screen.findByTestId('mobile-tiles')
    expect(tiles.textContent).not.toMatch(/\d/)
    expect(screen.getByTestId('dashboard-greeting')).toHaveTextContent('Welcome back, Ravi Kumar')
  })
})
