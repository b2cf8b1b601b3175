import type { Advertisement } from '@/lib/api-schemas'
import { telLink } from '@/shared/contact'

/** A contact that reads as a phone number (digits, spaces, +, - and brackets, 10 digits or more). */
export function phoneLike(contact: string) {
  return /^\+?[\d\s()-]+$/.test(contact.trim()) && contact.replace(/\D/g, '').length >= 10
}

/** Where the advert's button leads: its website, else a phone-like contact's dialler, else nowhere (the contact text is shown). */
export function advertLink(ad: Pick<Advertisement, 'websiteUrl' | 'contactInfo'>) {
  if (ad.websiteUrl) return { href: ad.websiteUrl, external: true }
  if (phoneLike(ad.contactInfo)) return { href: telLink(ad.contactInfo), external: false }
  return null
}
