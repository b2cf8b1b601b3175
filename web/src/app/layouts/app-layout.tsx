import * as React from 'react'
import { LayoutDashboard, Menu } from 'lucide-react'
import { Link, useLocation } from 'react-router'
import { MessagesShortcut } from '@/app/layouts/messages-shortcut'
import { ProfileMenu } from '@/app/layouts/profile-menu'
import { SidebarNav } from '@/app/layouts/sidebar-nav'
import { Logo } from '@/components/brand/logo'
import { PlanLimitDialog } from '@/features/billing/components/plan-limit-dialog'
import { Button } from '@/components/ui/button'
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '@/components/ui/sheet'
import { RouteBoundary } from '@/components/errors/route-boundary'
import { useAuth } from '@/lib/auth'
import { LiveEvents } from '@/lib/live-events'
import { useSettings } from '@/shared/settings'
import { useTheme } from '@/lib/theme'
import { useBackCloses } from '@/lib/use-back-closes'
import { paths } from '@/app/paths'

/**
 * The signed-in shell: a fixed sidebar from 768 px up; below that a top bar with
 * a menu button (slide-in sheet) and a Dashboard shortcut. The Messages link with the unread badge
 * shows on both. While mounted (signed in) one live event stream keeps the data fresh unless the agent
 * turned Auto-sync off, and the agent's saved theme is shown (docs/product.md#settings).
 */
export function AppLayout() {
  const location = useLocation()
  const { user } = useAuth()
  const preferences = useSettings(!!user).data?.preferences
  useTheme(preferences?.theme)
  // The menu belongs to the page it was opened on: following a link closes it.
  const [menuPath, setMenuPath] = React.useState<string | null>(null)
  const menuOpen = menuPath === location.pathname
  const setMenuOpen = (open: boolean) => setMenuPath(open ? location.pathname : null)
  // On a phone, Back closes the menu like any dialog (docs/product.md#dialogs).
  useBackCloses(menuOpen, () => {
    setMenuPath(null)
    return true
  })

  return (
    <div className="min-h-dvh bg-background">
      <LiveEvents userId={preferences?.autoSync === false ? undefined : user?.id} />
      <PlanLimitDialog />
      <aside className="fixed inset-y-0 left-0 z-30 hidden w-64 flex-col border-r border-border bg-card md:flex">
        <div className="flex h-16 items-center border-b border-border px-5">
          <Link to={paths.dashboard.to()} aria-label="PropMatch dashboard">
            <Logo />
          </Link>
        </div>
        <SidebarNav />
      </aside>

      <Sheet open={menuOpen} onOpenChange={setMenuOpen}>
        <SheetContent>
          <div className="flex h-16 items-center border-b border-border px-5">
            <SheetTitle asChild>
              <span>
                <Logo />
              </span>
            </SheetTitle>
            <SheetDescription className="sr-only">Main navigation</SheetDescription>
          </div>
          {/* A link to another page closes the menu once that page is shown (menuOpen follows the path): closing it
              on the click would take the menu's history entry off while the router still loads the page, and so
              undo the navigation. A link to this page closes it at once. */}
          <SidebarNav onNavigate={(to) => to === location.pathname && setMenuOpen(false)} />
        </SheetContent>
      </Sheet>

      <div className="flex min-h-dvh flex-col md:pl-64">
        <header className="sticky top-0 z-20 flex h-16 items-center gap-2 border-b border-border bg-card/95 px-3 backdrop-blur md:px-6">
          <Button variant="ghost" size="icon" className="md:hidden" aria-label="Open menu" onClick={() => setMenuOpen(true)}>
            <Menu className="size-5" />
          </Button>
          <Link to={paths.dashboard.to()} className="md:hidden" aria-label="PropMatch dashboard">
            <Logo />
          </Link>
          <div className="ml-auto flex items-center gap-1">
            <MessagesShortcut />
            <Button asChild variant="ghost" size="icon" className="md:hidden">
              <Link to={paths.dashboard.to()} aria-label="Dashboard">
                <LayoutDashboard className="size-5" />
              </Link>
            </Button>
            <ProfileMenu />
          </div>
        </header>
        <main className="flex-1 p-4 md:p-8">
          {/* Pages that load on demand keep the shell on screen while they arrive, or when one fails. */}
          <RouteBoundary />
        </main>
      </div>
    </div>
  )
}
