import { DatabaseBackup, Mail, Shield, ShieldCheck, type LucideIcon } from 'lucide-react'

export type ComingSoonRoute = {
  path: string
  title: string
  description: string
  icon: LucideIcon
  /** 'restricted': non-admins see Access Restricted; 'redirect': non-admins go to /dashboard. */
  adminOnly?: 'restricted' | 'redirect'
}

/** Signed-in routes of the route table whose feature is not built yet. */
export const comingSoonRoutes: ComingSoonRoute[] = [
  { path: '/email-test', title: 'Email Template Testing', icon: Mail, description: 'Preview and send test emails.', adminOnly: 'redirect' },
  {
    path: '/backup',
    title: 'Backup Download',
    icon: DatabaseBackup,
    description: 'Download a backup of the platform data.',
    adminOnly: 'restricted',
  },
  {
    path: '/backup-new',
    title: 'Backup System',
    icon: DatabaseBackup,
    description: 'Create and manage platform backups.',
    adminOnly: 'restricted',
  },
  {
    path: '/backup-monitor',
    title: 'Backup Monitor',
    icon: ShieldCheck,
    description: 'Watch backup status and history.',
    adminOnly: 'restricted',
  },
  {
    path: '/security',
    title: 'Security Dashboard',
    icon: Shield,
    description: 'Security events such as failed sign-ins and throttling.',
    adminOnly: 'restricted',
  },
]
