import type { ShareLink } from '@/features/share-links/api/get-share-links'

/** The status badge's words. */
export const statusLabel: Record<ShareLink['status'], string> = { active: 'Active', expired: 'Expired', revoked: 'Revoked' }

/** "3 views · 1 interested" */
export function activityLabel(link: Pick<ShareLink, 'views' | 'interest'>) {
  const views = `${link.views} view${link.views === 1 ? '' : 's'}`
  return link.interest > 0 ? `${views} · ${link.interest} interested` : views
}

/** "Expires 5 Dec 2026", "Expired 5 Dec 2026" or "Revoked 1 Dec 2026". */
export function expiryLabel(link: Pick<ShareLink, 'status' | 'expiresAt' | 'revokedAt'>) {
  const day = (iso: string) => new Date(iso).toLocaleDateString('en-IN', { day: 'numeric', month: 'short', year: 'numeric' })
  if (link.status === 'revoked' && link.revokedAt) return `Revoked ${day(link.revokedAt)}`
  return `${link.status === 'expired' ? 'Expired' : 'Expires'} ${day(link.expiresAt)}`
}
