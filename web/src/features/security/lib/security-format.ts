import type { SecurityEventType } from '@/features/security/api/get-security-events'

/** Each event type as the dashboard names it, in the filter's order. */
export const eventTypeLabels: Record<SecurityEventType, string> = {
  auth_failure: 'Failed sign-in',
  otp_failure: 'Wrong phone code',
  reset_code_failure: 'Wrong reset code',
  deactivated_sign_in: 'Deactivated account sign-in',
  rate_limit_hit: 'Rate limit',
  cross_site_refused: 'Cross-site write refused',
  admin_route_by_agent: 'Agent on admin route',
  suspicious_request: 'Scanner-like request',
  admin_action: 'Admin action',
}

export const eventTypes = Object.keys(eventTypeLabels) as SecurityEventType[]

export function eventTypeLabel(type: string): string {
  return eventTypeLabels[type as SecurityEventType] ?? type
}

/** How serious a type looks: the colour of its badge. */
export function eventTone(type: string): 'red' | 'amber' | 'blue' | 'slate' {
  switch (type) {
    case 'suspicious_request':
    case 'cross_site_refused':
    case 'admin_route_by_agent':
      return 'red'
    case 'auth_failure':
    case 'otp_failure':
    case 'reset_code_failure':
    case 'deactivated_sign_in':
      return 'amber'
    case 'admin_action':
      return 'blue'
    default:
      return 'slate'
  }
}

/** The durations the block dialog offers, in minutes. */
export const blockDurations = [
  { minutes: 60, label: '1 hour' },
  { minutes: 24 * 60, label: '24 hours' },
  { minutes: 7 * 24 * 60, label: '7 days' },
  { minutes: 30 * 24 * 60, label: '30 days' },
  { minutes: 365 * 24 * 60, label: '1 year' },
] as const

/** A date and time in India's style, e.g. '23 Nov 2026, 6:15 pm'. */
export function formatWhen(iso: string): string {
  return new Date(iso).toLocaleString('en-IN', { day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit' })
}

/** How long until (or since) `iso`, from `now`: 'in 59 min', 'in 6 days', 'ended'. */
export function timeLeft(iso: string, now: number): string {
  const ms = new Date(iso).getTime() - now
  if (ms <= 0) return 'ended'
  const min = Math.ceil(ms / 60_000)
  if (min < 60) return `in ${min} min`
  const hours = Math.round(min / 60)
  if (hours < 48) return `in ${hours} h`
  return `in ${Math.round(hours / 24)} days`
}
