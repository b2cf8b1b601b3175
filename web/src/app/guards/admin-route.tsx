import { ShieldAlert } from 'lucide-react'
import { Link, Navigate, Outlet } from 'react-router'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Spinner } from '@/components/ui/spinner'
import { useAuth } from '@/lib/auth'

/** Admin guard: 'Verifying admin access...' while loading; signed out → /auth; non-admin → Access Denied. */
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
  if (!user) return <Navigate to="/auth" replace />
  if (user.role !== 'admin') return <AccessDenied />
  return <Outlet />
}

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
            <Link to="/dashboard">Go to Dashboard</Link>
          </Button>
          <Button variant="outline" disabled={logoutMutation.isPending} onClick={() => logoutMutation.mutate()}>
            Switch Account
          </Button>
        </CardContent>
      </Card>
    </div>
  )
}
