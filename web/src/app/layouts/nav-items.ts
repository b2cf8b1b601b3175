import {
  BarChart3,
  FileText,
  GraduationCap,
  Handshake,
  Home,
  LayoutDashboard,
  MessageSquare,
  Settings,
  Share2,
  Shield,
  User,
  Users,
  type LucideIcon,
} from 'lucide-react'
import type { DashboardStats, User as ApiUser } from '@/lib/api-schemas'
import { MESSAGES_COUNT } from '@/shared/dashboard-stats'
import { paths } from '@/app/paths'

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
  { to: paths.dashboard.to(), label: 'Dashboard', icon: LayoutDashboard },
  { to: paths.properties.to(), label: 'My Properties', icon: Home, badge: 'properties' },
  { to: paths.requirements.to(), label: 'My Requirements', icon: FileText, badge: 'requirements' },
  { to: paths.matches.to(), label: 'Matches', icon: Handshake, badge: 'totalMatches' },
  { to: paths.shareLinks.to(), label: 'Share links', icon: Share2 },
  { to: paths.messages.to(), label: 'Messages', icon: MessageSquare, badge: MESSAGES_COUNT },
  { to: paths.agents.to(), label: 'Agent Network', icon: Users, badge: 'connections' },
  { to: paths.training.to(), label: 'Real Estate Training', icon: GraduationCap, badge: 'courses' },
  { to: paths.analytics.to(), label: 'Performance Analytics', icon: BarChart3 },
  { to: paths.admin.to(), label: 'Admin Dashboard', icon: Shield, adminOnly: true },
  { to: paths.profile.to(), label: 'Profile', icon: User },
  { to: paths.settings.to(), label: 'Settings', icon: Settings },
]

/** The links a user may see: Admin Dashboard only for role admin. */
export function visibleNavItems(user: Pick<ApiUser, 'role'> | null) {
  return navItems.filter((item) => !item.adminOnly || user?.role === 'admin')
}
