import type { AgentType } from '@/lib/api-schemas'
import { agentTypeWord } from '@/shared/agent-labels'

type Sender = { fullName: string; city?: string | null }
type Target = { fullName: string; city?: string | null; agentType?: AgentType | null }

/** The four collaboration ideas the introduction lists. */
export const COLLABORATION_IDEAS = [
  'Property referrals and lead sharing',
  'Joint marketing opportunities',
  'Market insights and networking',
  'Cross-referrals for clients',
] as const

/**
 * The prefilled connection request: greets the target by name, introduces the sender with their city,
 * mentions the target's agent type and city, lists the collaboration ideas and asks to connect.
 */
export function introMessage(sender: Sender, target: Target) {
  const from = sender.city?.trim() ? ` based in ${sender.city.trim()}` : ''
  const where = target.city?.trim() ? ` in ${target.city.trim()}` : ''
  return [
    `Hi ${target.fullName},`,
    '',
    `I'm ${sender.fullName}, a real estate agent${from}. I came across your profile and see that you work as a ${agentTypeWord(target.agentType)} agent${where}.`,
    '',
    "I'd like to explore how we could work together:",
    ...COLLABORATION_IDEAS.map((idea) => `• ${idea}`),
    '',
    'Would you like to connect?',
    '',
    `Best regards,`,
    sender.fullName,
  ].join('\n')
}
