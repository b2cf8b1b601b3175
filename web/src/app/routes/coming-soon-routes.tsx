import { Shield, type LucideIcon } from 'lucide-react'

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
  {
    path: '/security',
    title: 'Security Dashboard',
    icon: Shield,
    description: 'Security events such as failed sign-ins and throttling.',
    adminOnly: 'restricted',
  },
]
