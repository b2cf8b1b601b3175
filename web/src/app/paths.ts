/**
 * Every path of the app, once (docs/product.md#routes). The router (src/app/router.tsx) declares
 * its routes with `path`; links, redirects and `navigate` build their target with `to(...)`, never
 * with a string literal. This module imports nothing from src, so every layer may import it
 * (the one exception to "only app/ imports app/", see eslint.config.js).
 */
export const paths = {
  home: { path: '/', to: () => '/' },
  landing: { path: '/landing', to: () => '/landing' },
  auth: {
    path: '/auth',
    /** `tab: 'register'` opens the Register tab. */
    to: ({ tab }: { tab?: 'register' } = {}) => (tab ? `/auth?tab=${tab}` : '/auth'),
  },
  help: {
    path: '/help',
    /** `section: 'contact'` scrolls to Contact Support. */
    to: ({ section }: { section?: 'contact' } = {}) => (section ? `/help#${section}` : '/help'),
  },
  verifyEmail: { path: '/verify-email', to: () => '/verify-email' },
  certificate: {
    path: '/certificates/:number',
    prefix: '/certificates/',
    to: (number: string) => `/certificates/${encodeURIComponent(number)}`,
  },
  testRequirements: { path: '/test-requirements', to: () => '/test-requirements' },

  dashboard: { path: '/dashboard', to: () => '/dashboard' },
  properties: {
    path: '/properties',
    /** `listing` opens that listing's details. */
    to: ({ listing }: { listing?: number } = {}) => (listing === undefined ? '/properties' : `/properties?listing=${listing}`),
  },
  requirements: {
    path: '/requirements',
    /** `requirement` opens that requirement's details. */
    to: ({ requirement }: { requirement?: number } = {}) =>
      requirement === undefined ? '/requirements' : `/requirements?requirement=${requirement}`,
  },
  /** Bulk import from a spreadsheet; `kind` picks listings or requirements. */
  imports: {
    path: '/import',
    to: ({ kind }: { kind?: 'listings' | 'requirements' } = {}) => (kind ? `/import?kind=${kind}` : '/import'),
  },
  matches: {
    path: '/matches',
    /**
     * The tab, order and filters, kept in the query (features/matches/lib/match-view.ts reads them);
     * blank values are left out.
     */
    to: (view: Partial<Record<'tab' | 'sort' | 'status' | 'requirement' | 'listing' | 'minScore', string | number>> = {}) => {
      const query = new URLSearchParams()
      for (const [key, value] of Object.entries(view)) if (value !== undefined && value !== '') query.set(key, String(value))
      const text = query.toString()
      return text ? `/matches?${text}` : '/matches'
    },
  },
  messages: {
    path: '/messages',
    /** `withAgent` opens the conversation with that agent. */
    to: ({ withAgent }: { withAgent?: number } = {}) => (withAgent === undefined ? '/messages' : `/messages?with=${withAgent}`),
  },
  agents: { path: '/agents', to: () => '/agents' },
  training: { path: '/training', to: () => '/training' },
  analytics: { path: '/analytics', to: () => '/analytics' },
  profile: { path: '/profile', to: () => '/profile' },
  settings: { path: '/settings', to: () => '/settings' },
  /**
   * Plan, credits, payments and invoices. Links to it load the document (reloadDocument): the server
   * allows Razorpay's Checkout script only in this page's Content-Security-Policy.
   */
  billing: { path: '/billing', to: () => '/billing' },
  /** The links the agent shared with clients (issue 27); a link itself opens at /s/{token}, served by the server. */
  shareLinks: { path: '/share-links', to: () => '/share-links' },

  // Admins only.
  admin: { path: '/admin', to: () => '/admin' },
  adminSite: { path: '/admin/site', to: () => '/admin/site' },
  backupMonitor: { path: '/backup-monitor', to: () => '/backup-monitor' },
  security: { path: '/security', to: () => '/security' },
  emailTest: { path: '/email-test', to: () => '/email-test' },
  // The spec's backup download and backup system pages: redirects to the backup monitor (docs/decisions.md).
  backup: { path: '/backup', to: () => '/backup' },
  backupNew: { path: '/backup-new', to: () => '/backup-new' },
} as const

/** Where the auth page sends a visitor after signing in: the page a guard sent them away from. */
export type AuthReturnState = { returnTo?: string }

/**
 * The return path of an auth redirect, only when it is a path of this app (never another origin),
 * and never /auth itself.
 */
export function returnPath(state: unknown): string | undefined {
  const returnTo = (state as AuthReturnState | null)?.returnTo
  if (typeof returnTo !== 'string' || !returnTo.startsWith('/') || returnTo.startsWith('//') || returnTo.startsWith('/\\')) return undefined
  if (returnTo === paths.auth.path || returnTo.startsWith(`${paths.auth.path}?`)) return undefined
  return returnTo
}
