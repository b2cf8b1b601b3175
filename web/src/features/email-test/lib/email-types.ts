import type { components } from '@/lib/api-types'

export type EmailTestType = components['schemas']['EmailTestType']

/** The templates the page previews and sends, with what each one is. */
export const emailTypes: { value: EmailTestType; label: string; description: string }[] = [
  { value: 'match', label: 'New matches', description: 'The digest of new matches an agent gets.' },
  { value: 'message', label: 'Messages', description: 'The digest of unread messages.' },
  { value: 'connection', label: 'Connection', description: 'A connection request or answer.' },
  { value: 'test', label: 'Test', description: 'A short test email, sent to your own address.' },
]
