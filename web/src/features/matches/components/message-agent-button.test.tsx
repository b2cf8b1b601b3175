import { act, fireEvent, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { MatchCard } from '@/features/matches/components/match-card'
import { MatchDetailsDialog } from '@/features/matches/components/match-details-dialog'
import { makeMatch } from '@/test/match-fixtures'
import { expectToast, mockApi, renderWithProviders, testUser } from '@/test/utils'

afterEach(() => vi.unstubAllGlobals())

const sent = {
  id: 500,
  senderId: 1,
  receiverId: 2,
  content: 'x',
  message: 'x',
  matchId: 31,
  isRead: false,
  createdAt: '2025-03-05T10:00:00Z',
}

function setup(reply: Parameters<typeof mockApi>[0][string] = { status: 201, body: sent }) {
  const api = mockApi({ 'GET /api/user': { body: testUser }, 'POST /api/messages': reply })
  return { ...api, user: userEvent.setup() }
}

/** Message opens the composer; Send Message posts what it holds. */
async function sendFromComposer(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Message' }))
  const send = await screen.findByTestId('match-message-send')
  await user.click(send)
}

describe('Message button on matches', () => {
  it('sends the seller agent a professional message about the property, with the match id, from a buyer card', async () => {
    const { user, calls } = setup()
    const view = renderWithProviders(<MatchCard match={makeMatch()} side="buyer" onDetails={() => {}} />)
    view.queryClient.setQueryData(['/api/matches', { type: 'buyer' }], [])
    await sendFromComposer(user)
    await expectToast('Message Sent', 'Your professional message has been sent to the agent')
    const post = calls.find((c) => c.method === 'POST')!
    expect(post.path).toBe('/api/messages')
    const body = post.body as { receiverId: number; content: string; matchId: number }
    expect(body.receiverId).toBe(2)
    expect(body.matchId).toBe(31)
    expect(body.content).toMatch(/^Hello Suresh Reddy,/)
    expect(body.content).toContain('"3BHK Lake View Apartment"')
    // The server marks the match contacted, so the match lists refresh.
    expect(view.queryClient.getQueryState(['/api/matches', { type: 'buyer' }])!.isInvalidated).toBe(true)
  })

  it('sends one message when Send Message is clicked twice before it re-renders', async () => {
    const { user, calls } = setup(() => new Promise((resolve) => setTimeout(() => resolve({ status: 201, body: sent }), 50)))
    renderWithProviders(<MatchCard match={makeMatch()} side="buyer" onDetails={() => {}} />)
    await user.click(screen.getByRole('button', { name: 'Message' }))
    const send = await screen.findByTestId('match-message-send')
    act(() => {
      fireEvent.click(send)
      fireEvent.click(send)
    })
    await expectToast('Message Sent', 'Your professional message has been sent to the agent')
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1)
  })

  it('writes to the buyer agent about their client requirement from the seller side', async () => {
    const { user, calls } = setup()
    renderWithProviders(<MatchCard match={makeMatch()} side="seller" onDetails={() => {}} />)
    await sendFromComposer(user)
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true))
    const body = calls.find((c) => c.method === 'POST')!.body as { receiverId: number; content: string }
    expect(body.receiverId).toBe(1)
    expect(body.content).toContain("your client's requirement for Apartment in Hyderabad")
  })

  it('toasts Failed to Send Message with the server message', async () => {
    const { user } = setup({ status: 403, body: { message: 'You can only message connected agents' } })
    renderWithProviders(<MatchCard match={makeMatch()} side="buyer" onDetails={() => {}} />)
    await sendFromComposer(user)
    await expectToast('Failed to Send Message', 'You can only message connected agents')
    // The composer stays open with the text, to try again.
    expect((screen.getByTestId('match-message-text') as HTMLTextAreaElement).value).toMatch(/^Hello Suresh Reddy,/)
  })

  it('falls back to Could not send message when the server says nothing', async () => {
    const { user } = setup({ status: 500, text: '', statusText: '' })
    renderWithProviders(<MatchCard match={makeMatch()} side="buyer" onDetails={() => {}} />)
    await sendFromComposer(user)
    await expectToast('Failed to Send Message')
  })

  it('is in the details dialog too, and shows the match contacted afterwards', async () => {
    const { user, calls } = setup()
    renderWithProviders(<MatchDetailsDialog match={makeMatch({ status: 'viewed' })} side="buyer" open onOpenChange={() => {}} />)
    expect(screen.getByTestId('mark-viewed')).toHaveTextContent('Viewed')
    await sendFromComposer(user)
    await expectToast('Message Sent', 'Your professional message has been sent to the agent')
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({ receiverId: 2, matchId: 31 })
    expect(screen.getByTestId('mark-viewed')).toHaveTextContent('Contacted')
  })

  it('opens the composer prefilled and editable, sends the edited text, and only once however often Send is tapped', async () => {
    let release: () => void = () => {}
    const { user, calls } = setup(() => new Promise((resolve) => (release = () => resolve({ status: 201, body: sent }))))
    renderWithProviders(<MatchCard match={makeMatch()} side="buyer" onDetails={() => {}} />)
    await user.click(screen.getByRole('button', { name: 'Message' }))
    const text = await screen.findByTestId('match-message-text')
    expect((text as HTMLTextAreaElement).value).toMatch(/^Hello Suresh Reddy,/)
    expect(
      calls.some((c) => c.method === 'POST'),
      'nothing is sent before Send',
    ).toBe(false)
    await user.clear(text)
    await user.type(text, 'Is the flat still available for a Saturday visit?')
    const send = screen.getByTestId('match-message-send')
    await user.click(send)
    await waitFor(() => expect(send).toBeDisabled())
    expect(send).toHaveTextContent('Sending...')
    await user.click(send)
    await user.click(send)
    release()
    await expectToast('Message Sent')
    const posts = calls.filter((c) => c.method === 'POST')
    expect(posts).toHaveLength(1)
    expect(posts[0].body).toMatchObject({ content: 'Is the flat still available for a Saturday visit?', matchId: 31 })
    await waitFor(() => expect(screen.queryByTestId('match-message-composer')).not.toBeInTheDocument())
  })

  it('cannot send an emptied message', async () => {
    const { user, calls } = setup()
    renderWithProviders(<MatchCard match={makeMatch()} side="buyer" onDetails={() => {}} />)
    await user.click(screen.getByRole('button', { name: 'Message' }))
    await user.clear(await screen.findByTestId('match-message-text'))
    expect(screen.getByTestId('match-message-send')).toBeDisabled()
    expect(calls.some((c) => c.method === 'POST')).toBe(false)
  })
})
