import { toast } from '@/components/ui/use-toast'
import type { Agent, Match } from '@/lib/api-schemas'
import { formatListingPrice } from '@/shared/format'
import { propertyTypeLabel } from '@/shared/listing-vocabulary'

/** Which side of a match the signed-in agent is on. */
export type MatchSide = 'buyer' | 'seller'

/**
 * A phone as wa.me wants it: digits only, a leading 0 dropped, 91 added to a
 * bare 10-digit number; a number that already carries 91 (or another country
 * code) is kept. Empty for no digits.
 */
export function whatsappNumber(phone: string | null | undefined) {
  let digits = (phone ?? '').replace(/\D/g, '')
  if (!digits) return ''
  if (digits.startsWith('00')) digits = digits.slice(2)
  else if (digits.startsWith('0')) digits = digits.slice(1)
  if (digits.length === 10) digits = `91${digits}`
  return digits
}

/**
 * "+919000011111" as "+91 90000 11111"; other numbers as stored. (A light copy of
 * lib/phone's display for Indian mobiles, so lists and cards do not load libphonenumber.)
 */
export function displayPhone(phone: string) {
  const m = /^\+91(\d{5})(\d{5})$/.exec(phone.replace(/[\s-]/g, ''))
  return m ? `+91 ${m[1]} ${m[2]}` : phone
}

/** A tel: link keeping the digits and a leading +. */
export function telLink(phone: string) {
  const trimmed = phone.trim()
  const digits = trimmed.replace(/\D/g, '')
  return `tel:${trimmed.startsWith('+') ? '+' : ''}${digits}`
}

/** A WhatsApp click-to-chat link with a prefilled text. */
export function whatsappLink(phone: string, text: string) {
  const number = whatsappNumber(phone)
  return text ? `https://wa.me/${number}?text=${encodeURIComponent(text)}` : `https://wa.me/${number}`
}

/** The agent on the other side of a match. */
export function counterpartAgent(match: Pick<Match, 'sellerAgent' | 'buyerAgent'>, side: MatchSide): Agent | undefined {
  return side === 'buyer' ? match.sellerAgent : match.buyerAgent
}

function greet(name: string | null | undefined) {
  return name?.trim() ? `Hello ${name.trim()},` : 'Hello,'
}

function place(...parts: (string | null | undefined)[]) {
  return parts.filter((p) => p && p.trim()).join(', ')
}

/** The buyer agent's opening message to the seller agent, about the listed property. */
export function buyerToSellerMessage(match: Match) {
  const { property, sellerAgent, buyerAgent } = match
  return [
    greet(sellerAgent?.fullName),
    '',
    `I am ${buyerAgent?.fullName ?? 'a buyer agent'} from PropMatch. Your listing "${property?.title ?? ''}" (${propertyTypeLabel(property?.propertyType)}, ${place(property?.locality, property?.city)}, ${formatListingPrice(property?.price, property?.listingPurpose)}) matches my client's requirement with a ${match.matchScore}% compatibility score.`,
    '',
    'Is it still available? I would like to discuss the details and arrange a site visit for my client.',
    '',
    'Thank you.',
  ].join('\n')
}

/** The seller agent's opening message to the buyer agent, about the client's requirement. */
export function sellerToBuyerMessage(match: Match) {
  const { property, requirement, sellerAgent, buyerAgent } = match
  const types = (requirement?.propertyTypes ?? []).map(propertyTypeLabel).join(', ')
  const cities = (requirement?.preferredCities ?? []).join(', ')
  return [
    greet(buyerAgent?.fullName),
    '',
    `I am ${sellerAgent?.fullName ?? 'a seller agent'} from PropMatch. My listing "${property?.title ?? ''}" (${place(property?.locality, property?.city)}, ${formatListingPrice(property?.price, property?.listingPurpose)}) matches your client's requirement for ${types || 'a property'}${cities ? ` in ${cities}` : ''} with a ${match.matchScore}% compatibility score.`,
    '',
    'Would your client be interested in a site visit? I am happy to share more details.',
    '',
    'Thank you.',
  ].join('\n')
}

/** The prefilled message from the signed-in agent's side of the match. */
export function matchMessage(match: Match, side: MatchSide) {
  return side === 'buyer' ? buyerToSellerMessage(match) : sellerToBuyerMessage(match)
}

/**
 * Why an agent's phone and email are missing: they share contact details with their connections only and
 * the signed-in agent is not one (the server blanks them and sets contactHidden / agentContactHidden). The one
 * place this rule is worded: every Call and WhatsApp button, card and dialog shows this text.
 */
export function contactHiddenText(name: string | null | undefined) {
  return `${name?.trim() || 'This agent'} shares contact details with connections only`
}

/** The agent of a response whose contact details the server hid from the caller. */
export type MaybeHiddenAgent = Pick<Agent, 'phone'> & { fullName?: string | null; contactHidden?: boolean }

function hiddenContact(agent: MaybeHiddenAgent) {
  toast({ title: 'Contact details hidden', description: `${contactHiddenText(agent.fullName)}. Send a connection request to reach them.` })
}

function missingPhone() {
  toast({ variant: 'destructive', title: 'No Phone Number', description: "Agent's phone number is not available" })
}

/** Dials the agent (tel: link); toasts instead when the agent or their phone is missing, or hidden from the caller. */
export function callAgent(agent: MaybeHiddenAgent | null | undefined) {
  if (!agent) {
    toast({ variant: 'destructive', title: 'Agent information not available' })
    return false
  }
  if (agent.contactHidden) {
    hiddenContact(agent)
    return false
  }
  if (!agent.phone?.trim()) {
    missingPhone()
    return false
  }
  window.open(telLink(agent.phone), '_self')
  return true
}

/** Opens WhatsApp to the agent with a text; toasts instead when the agent or their phone is missing, or hidden from the caller. */
export function whatsappAgent(agent: MaybeHiddenAgent | null | undefined, text: string) {
  if (!agent) {
    toast({ variant: 'destructive', title: 'Agent information not available' })
    return false
  }
  if (agent.contactHidden) {
    hiddenContact(agent)
    return false
  }
  if (!whatsappNumber(agent.phone)) {
    missingPhone()
    return false
  }
  window.open(whatsappLink(agent.phone, text), '_blank', 'noopener,noreferrer')
  return true
}

/** Calls the counterpart agent of a match; toasts when the match is missing. */
export function callForMatch(match: Match | null | undefined, side: MatchSide) {
  if (!match) {
    toast({ variant: 'destructive', title: 'Match information not available' })
    return false
  }
  return callAgent(counterpartAgent(match, side))
}

/** Opens WhatsApp to the counterpart agent with the professional prefilled text. */
export function whatsappForMatch(match: Match | null | undefined, side: MatchSide) {
  if (!match) {
    toast({ variant: 'destructive', title: 'Match information not available' })
    return false
  }
  return whatsappAgent(counterpartAgent(match, side), matchMessage(match, side))
}
