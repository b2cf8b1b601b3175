import { render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import { ConversationList } from '@/features/messages/components/conversation-list'
import type { ListEntry } from '@/features/messages/lib/conversation-list'

const long = 'Hello Sunita, my client can visit this Saturday morning; is the two-bedroom flat in Indiranagar still available for rent?'

describe('ConversationList row layout (fix 4)', () => {
  it('lets the name and preview shrink with an ellipsis while the time keeps its width', () => {
    const entry = {
      kind: 'thread',
      key: 'thread:2',
      userId: 2,
      counterpart: { id: 2, fullName: 'Balaji Buyer with a rather long name', profilePicture: null },
      lastMessage: { id: 9, senderId: 2, receiverId: 1, content: long, createdAt: new Date().toISOString() },
      unreadCount: 1,
    } as unknown as ListEntry
    render(
      <MemoryRouter>
        <ConversationList entries={[entry]} selectedKey={null} userId={1} onSelect={() => {}} />
      </MemoryRouter>,
    )
    const preview = screen.getByTestId('conversation-preview')
    expect(preview).toHaveTextContent(long)
    expect(preview).toHaveClass('truncate', 'min-w-0')
    expect(screen.getByTestId('conversation-time')).toHaveClass('shrink-0', 'whitespace-nowrap')
    // The text column is a grid track that may shrink below its content.
    expect(preview.parentElement!.parentElement).toHaveClass('grid-cols-[minmax(0,1fr)]', 'min-w-0')
  })
})
