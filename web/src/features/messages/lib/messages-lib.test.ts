import { describe, expect, it } from 'vitest'
import { isSendKey, messageToSend } from '@/features/messages/lib/composer-keys'
import { buildConversationList } from '@/features/messages/lib/conversation-list'
import { formatMessageTime } from '@/features/messages/lib/message-time'
import { makeConnection, makeConversation, makeMessage, makeSummary } from '@/test/network-fixtures'

describe('formatMessageTime', () => {
  const now = new Date('2025-03-05T12:00:00Z')

  it('shows the time for a message under 24 hours old', () => {
    const iso = '2025-03-04T12:00:01Z'
    expect(formatMessageTime(iso, now)).toBe(new Date(iso).toLocaleTimeString('en-IN', { hour: 'numeric', minute: '2-digit' }))
    expect(formatMessageTime(iso, now)).not.toMatch(/2025/)
  })

  it('shows the date from 24 hours on', () => {
    expect(formatMessageTime('2025-03-04T12:00:00Z', now)).toMatch(/4 Mar 2025/)
    expect(formatMessageTime('2024-12-31T08:00:00Z', now)).toMatch(/31 Dec 2024/)
  })

  it('is empty for a bad date', () => {
    expect(formatMessageTime('not a date', now)).toBe('')
  })
})

describe('composer keys', () => {
  it('trims the text and refuses blank text', () => {
    expect(messageToSend('  hello \n')).toBe('hello')
    expect(messageToSend(' \n\t ')).toBeNull()
    expect(messageToSend('line one\nline two')).toBe('line one\nline two')
  })

  it('sends on Enter only', () => {
    expect(isSendKey({ key: 'Enter', shiftKey: false })).toBe(true)
    expect(isSendKey({ key: 'Enter', shiftKey: true })).toBe(false)
    expect(isSendKey({ key: 'Enter', shiftKey: false, isComposing: true })).toBe(false)
    expect(isSendKey({ key: 'a', shiftKey: false })).toBe(false)
  })
})

describe('buildConversationList', () => {
  const older = makeConversation({ counterpart: makeSummary({ id: 2 }), lastMessage: makeMessage({ createdAt: '2025-03-01T10:00:00Z' }) })
  const newer = makeConversation({
    counterpart: makeSummary({ id: 3, fullName: 'Meena Rao' }),
    lastMessage: makeMessage({ id: 101, createdAt: '2025-03-04T10:00:00Z' }),
  })
  const request1 = makeConnection({ id: 8, requesterId: 4, receiverId: 1, createdAt: '2025-02-01T10:00:00Z' })
  const request2 = makeConnection({ id: 9, requesterId: 5, receiverId: 1, createdAt: '2025-02-02T10:00:00Z' })

  it('puts pending requests first, then conversations newest first', () => {
    const list = buildConversationList({ requests: [request1, request2], conversations: [older, newer] })
    expect(list.map((e) => e.key)).toEqual(['request-9', 'request-8', 'thread-3', 'thread-2'])
  })

  it('adds an opened user without messages after the requests', () => {
    const list = buildConversationList({ requests: [request1], conversations: [newer], draft: { userId: 6, counterpart: null } })
    expect(list.map((e) => e.key)).toEqual(['request-8', 'thread-6', 'thread-3'])
    expect(list[1]).toMatchObject({ kind: 'thread', lastMessage: null, unreadCount: 0 })
  })

  it('does not duplicate an opened user who already has a conversation', () => {
    const list = buildConversationList({ requests: [], conversations: [older], draft: { userId: 2, counterpart: null } })
    expect(list.map((e) => e.key)).toEqual(['thread-2'])
  })
})
