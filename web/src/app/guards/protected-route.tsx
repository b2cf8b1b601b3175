import { Navigate, Outlet } from 'react-router'
import { Spinner } from '@/components/ui/spinner'
import { useAuth } from '@/lib/auth'

/** Signed-in guard: a spinner while the user loads; signed out goes to /auth. */
export function ProtectedRoute() {
  const { user, isLoading } = useAuth()
  if (isLoading) {
    return (
      <div className="flex min-h-dvh items-center justify-center" data-testid="auth-loading">
        <Spinner className="size-8" />
      </div>
    )
  }
  if (!user) return <Navigate to="/auth" replace />
  return <Outlet />
}
