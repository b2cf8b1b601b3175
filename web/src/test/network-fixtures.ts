import type { AgentSummary, Connection, Conversation, DirectoryAgent, Message } from '@/lib/api-schemas'

export function makeSummary(overrides: Partial<AgentSummary> = {}): AgentSummary {
  return {
    id: 2,
    fullName: 'Suresh Reddy',
    username: 'suresh',
    city: 'Pune',
    state: 'Maharashtra',
    agentType: 'seller',
    isReraVerified: true,
    profilePicture: null,
    ...overrides,
  }
}

/** A connection from the test user (id 1) to Suresh Reddy (id 2), with overrides. */
export function makeConnection(overrides: Partial<Connection> = {}): Connection {
  const requesterId = overrides.requesterId ?? 1
  const receiverId = overrides.receiverId ?? 2
  return {
    id: 7,
    requesterId,
    receiverId,
    recipientId: receiverId,
    message: 'Hi, let us connect',
    status: 'pending',
    createdAt: '2025-03-01T10:00:00Z',
    updatedAt: '2025-03-02T10:00:00Z',
    askAgainAfter: overrides.status === 'rejected' ? '2025-03-09T10:00:00Z' : null,
    requester: makeSummary({ id: requesterId, fullName: requesterId === 1 ? 'Ravi Kumar' : 'Suresh Reddy' }),
    receiver: makeSummary({ id: receiverId, fullName: receiverId === 1 ? 'Ravi Kumar' : 'Suresh Reddy' }),
    ...overrides,
  }
}

export function makeDirectoryAgent(overrides: Partial<DirectoryAgent> = {}): DirectoryAgent {
  return {
    id: 2,
    fullName: 'Suresh Reddy',
    username: 'suresh',
    phone: '+919000011111',
    contactHidden: false,
    city: 'Pune',
    state: 'Maharashtra',
    agentType: 'seller',
    reraNumber: 'P52100012345',
    isReraVerified: true,
    reraValidUntil: '2029-03-31',
    experience: 8,
    activeListings: 12,
    specialization: 'Luxury apartments',
    bio: 'Helping families find homes in Pune since 2017.',
    profilePicture: null,
    createdAt: '2025-01-01T00:00:00Z',
    connection: null,
    ...overrides,
  }
}

export function makeMessage(overrides: Partial<Message> = {}): Message {
  const content = overrides.content ?? overrides.message ?? 'Hello there'
  return {
    id: 100,
    senderId: 2,
    receiverId: 1,
    matchId: null,
    isRead: false,
    createdAt: '2025-03-05T10:00:00Z',
    ...overrides,
    content,
    message: content,
  }
}

export function makeConversation(overrides: Partial<Conversation> = {}): Conversation {
  return {
    counterpart: makeSummary(),
    lastMessage: makeMessage(),
    unreadCount: 0,
    ...overrides,
  }
}
