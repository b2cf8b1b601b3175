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
import type { User as ApiUser } from '@/lib/api-schemas'

export type NavItem = { to: string; label: string; icon: LucideIcon; adminOnly?: boolean }

/** Sidebar links (spec part 1 section 2). Badges come later, with the features that count them. */
export const navItems: NavItem[] = [
  { to: '/dashboard', label: 'Dashboard', icon: LayoutDashboard },
  { to: '/properties', label: 'My Properties', icon: Home },
  { to: '/requirements', label: 'My Requirements', icon: FileText },
  { to: '/matches', label: 'Matches', icon: Handshake },
  { to: '/messages', label: 'Messages', icon: MessageSquare },
  { to: '/agents', label: 'Agent Network', icon: Users },
  { to: '/training', label: 'Real Estate Training', icon: GraduationCap },
  { to: '/analytics', label: 'Performance Analytics', icon: BarChart3 },
  { to: '/admin', label: 'Admin Dashboard', icon: Shield, adminOnly: true },
  { to: '/profile', label: 'Profile', icon: User },
  { to: '/settings', label: 'Settings', icon: Settings },
]

/** The links a user may see: Admin Dashboard only for role admin. */
export function visibleNavItems(user: Pick<ApiUser, 'role'> | null) {
  return navItems.filter((item) => !item.adminOnly || user?.role === 'admin')
}
