import { describe, expect, it } from 'vitest'
import { agentTypeBadge } from '@/shared/agent-labels'
import { unknownAgentName } from '@/shared/format'
import { connectionControls, directionOf, otherAgent, receivedPending, relationshipOf } from '@/features/network/lib/connection-state'
import { introMessage } from '@/shared/intro-message'
import { makeConnection } from '@/test/network-fixtures'

const me = 1

describe('relationshipOf', () => {
  it.each([
    [null, 'none'],
    [makeConnection({ status: 'pending', requesterId: me, receiverId: 2 }), 'pending-sent'],
    [makeConnection({ status: 'pending', requesterId: 2, receiverId: me }), 'pending-received'],
    [makeConnection({ status: 'accepted' }), 'accepted'],
    [makeConnection({ status: 'rejected' }), 'rejected'],
    [makeConnection({ status: 'cancelled' }), 'cancelled'],
  ] as const)('%# → %s', (connection, expected) => {
    expect(relationshipOf(connection, me)).toBe(expected)
  })

  it('maps each relationship to its badge and action', () => {
    expect(connectionControls).toEqual({
      none: { action: 'Connect' },
      'pending-sent': { badge: 'Pending', action: 'Cancel' },
      'pending-received': { badge: 'Pending' },
      accepted: { badge: 'Connected' },
      rejected: { badge: 'Declined', action: 'Try Again' },
      cancelled: { action: 'Connect Again' },
    })
  })
})

describe('connection sides', () => {
  it('computes sent/received and the other agent from the signed-in id', () => {
    const sent = makeConnection({ requesterId: me, receiverId: 2 })
    const received = makeConnection({
      id: 8,
      requesterId: 3,
      receiverId: me,
      requester: { ...sent.receiver, id: 3, fullName: 'Meena Rao' },
    })
    expect(directionOf(sent, me)).toBe('sent')
    expect(directionOf(received, me)).toBe('received')
    expect(otherAgent(sent, me).fullName).toBe('Suresh Reddy')
    expect(otherAgent(received, me).fullName).toBe('Meena Rao')
    expect(receivedPending([sent, received, { ...received, id: 9, status: 'accepted' }], me).map((c) => c.id)).toEqual([8])
  })
})

describe('labels', () => {
  it('names agent types and unknown agents', () => {
    expect(agentTypeBadge('buyer')).toBe('Buyer Agent')
    expect(agentTypeBadge('seller')).toBe('Seller Agent')
    expect(agentTypeBadge('both')).toBe('Buyer & Seller Agent')
    expect(unknownAgentName(42)).toBe('Agent #42')
  })
})

describe('introMessage', () => {
  it('greets the target, introduces the sender with their city, names the target type and city, lists four ideas and asks to connect', () => {
    const text = introMessage(
      { fullName: 'Ravi Kumar', city: 'Hyderabad' },
      { fullName: 'Suresh Reddy', city: 'Pune', agentType: 'seller' },
    )
    const lines = text.split('\n')
    expect(lines[0]).toBe('Hi Suresh Reddy,')
    expect(text).toContain("I'm Ravi Kumar, a real estate agent based in Hyderabad.")
    expect(text).toContain('you work as a seller agent in Pune.')
    expect(lines.filter((l) => l.startsWith('• '))).toEqual([
      '• Property referrals and lead sharing',
      '• Joint marketing opportunities',
      '• Market insights and networking',
      '• Cross-referrals for clients',
    ])
    expect(text).toContain('Would you like to connect?')
    expect(lines.at(-1)).toBe('Ravi Kumar')
  })

  it('leaves out missing cities instead of printing blanks', () => {
    const text = introMessage({ fullName: 'Ravi Kumar', city: '' }, { fullName: 'Meena Rao', city: null, agentType: 'both' })
    expect(text).toContain("I'm Ravi Kumar, a real estate agent. ")
    expect(text).toContain('you work as a buyer & seller agent.')
  })
})
