/** Timestamps switch from the time to the date at 24 hours (docs/product.md#messages). */
export const TIME_ONLY_MS = 24 * 60 * 60 * 1000

/** A message time: '2:05 pm' when under 24 hours old, else '3 Mar 2025' (Indian English). */
export function formatMessageTime(iso: string, now: Date = new Date()) {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return ''
  if (now.getTime() - date.getTime() < TIME_ONLY_MS) {
    return date.toLocaleTimeString('en-IN', { hour: 'numeric', minute: '2-digit' })
  }
  return date.toLocaleDateString('en-IN', { day: 'numeric', month: 'short', year: 'numeric' })
}
