import type { AgentType } from '@/lib/api-schemas'

const typeNames: Record<AgentType, string> = { buyer: 'Buyer', seller: 'Seller', both: 'Buyer & Seller' }

/** The agent-type badge: 'Buyer Agent', 'Seller Agent', 'Buyer & Seller Agent'. */
export function agentTypeBadge(agentType: AgentType | null | undefined) {
  return agentType ? `${typeNames[agentType] ?? agentType} Agent` : 'Agent'
}

/** The agent type in running text: 'buyer', 'seller', 'buyer & seller'. */
export function agentTypeWord(agentType: AgentType | null | undefined) {
  return agentType ? (typeNames[agentType] ?? agentType).toLowerCase() : 'real estate'
}
