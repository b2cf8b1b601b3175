import {
  BarChart3,
  FileText,
  GraduationCap,
  Handshake,
  Home,
  LayoutDashboard,
  MessageSquare,
  Settings,
  Shield,
  User,
  Users,
  type LucideIcon,
} from 'lucide-react'
import type { DashboardStats, User as ApiUser } from '@/lib/api-schemas'
import { MESSAGES_COUNT } from '@/lib/dashboard-stats'

/** The dashboard count shown as a badge on a link. */
export type NavBadge = keyof Pick<
  DashboardStats,
  'properties' | 'requirements' | 'totalMatches' | 'messagesBadge' | 'connections' | 'courses'
>

export type NavItem = { to: string; label: string; icon: LucideIcon; adminOnly?: boolean; badge?: NavBadge }

/**
 * Sidebar links (docs/product.md#signed-in-shell). Messages counts unread messages plus pending requests to the
 * user (messagesBadge); Agent Network counts accepted connections; Real Estate Training counts the courses open for enrolment.
 */
export const navItems: NavItem[] = [
  { to: '/dashboard', label: 'Dashboard', icon: LayoutDashboard },
  { to: '/properties', label: 'My Properties', icon: Home, badge: 'properties' },
  { to: '/requirements', label: 'My Requirements', icon: FileText, badge: 'requirements' },
  { to: '/matches', label: 'Matches', icon: Handshake, badge: 'totalMatches' },
  { to: '/messages', label: 'Messages', icon: MessageSquare, badge: MESSAGES_COUNT },
  { to: '/agents', label: 'Agent Network', icon: Users, badge: 'connections' },
  { to: '/training', label: 'Real Estate Training', icon: GraduationCap, badge: 'courses' },
  { to: '/analytics', label: 'Performance Analytics', icon: BarChart3 },
  { to: '/admin', label: 'Admin Dashboard', icon: Shield, adminOnly: true },
  { to: '/profile', label: 'Profile', icon: User },
  { to: '/settings', label: 'Settings', icon: Settings },
]

/** The links a user may see: Admin Dashboard only for role admin. */
export function visibleNavItems(user: Pick<ApiUser, 'role'> | null) {
  return navItems.filter((item) => !item.adminOnly || user?.role === 'admin')
}
