import { ShieldAlert } from 'lucide-react'
import { Link, Outlet } from 'react-router'
import { SignInRedirect } from '@/app/guards/protected-route'
import { paths } from '@/app/paths'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Spinner } from '@/components/ui/spinner'
import { useAuth } from '@/lib/auth'

/**
 * The one admin guard, for every admins' page (docs/decisions.md): 'Verifying admin access...'
 * while the user loads; signed out → /auth, and back here after signing in; signed in without the
 * admin role → the Access Denied (403) page, with a way to the dashboard or to another account.
 */
export function AdminRoute() {
  const { user, isLoading } = useAuth()
  if (isLoading) {
    return (
      <div className="flex min-h-[60vh] flex-col items-center justify-center gap-3 text-subtle-foreground">
        <Spinner />
        <p>Verifying admin access...</p>
      </div>
    )
  }
  if (!user) return <SignInRedirect />
  if (user.role !== 'admin') return <AccessDenied />
  return <Outlet />
}

/** 403: the page is for administrators only. */
export function AccessDenied() {
  const { logoutMutation } = useAuth()
  return (
    <div className="flex min-h-[60vh] items-center justify-center p-4">
      <Card className="w-full max-w-md text-center">
        <CardHeader className="items-center">
          <span className="flex size-12 items-center justify-center rounded-full bg-destructive-soft text-destructive">
            <ShieldAlert className="size-6" aria-hidden />
          </span>
          <CardTitle>Access Denied</CardTitle>
          <CardDescription>
            You don't have admin privileges to access this page. Only administrators can manage platform settings, users, and content.
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col justify-center gap-2 sm:flex-row">
          <Button asChild>
            <Link to={paths.dashboard.to()}>Go to Dashboard</Link>
          </Button>
          <Button variant="outline" disabled={logoutMutation.isPending} onClick={() => logoutMutation.mutate()}>
            Switch Account
          </Button>
        </CardContent>
      </Card>
    </div>
  )
}
