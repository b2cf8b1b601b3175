import { Mail, Settings, Shield, User, type LucideIcon } from 'lucide-react'

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
  { path: '/profile', title: 'My Profile', icon: User, description: 'Your public agent profile, picture, RERA number and bio.' },
  { path: '/settings', title: 'Settings', icon: Settings, description: 'Account, password and notification settings.' },
  { path: '/email-test', title: 'Email Template Testing', icon: Mail, description: 'Preview and send test emails.', adminOnly: 'redirect' },
  {
    path: '/security',
    title: 'Security Dashboard',
    icon: Shield,
    description: 'Security events such as failed sign-ins and throttling.',
    adminOnly: 'restricted',
  },
]
