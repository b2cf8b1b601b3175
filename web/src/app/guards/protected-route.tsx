import { Navigate, Outlet, useLocation } from 'react-router'
import { paths, type AuthReturnState } from '@/app/paths'
import { Spinner } from '@/components/ui/spinner'
import { useAuth } from '@/lib/auth'

/** Sends a signed-out visitor to /auth, which brings them back here once they sign in. */
export function SignInRedirect() {
  const { pathname, search, hash } = useLocation()
  const state: AuthReturnState = { returnTo: pathname + search + hash }
  return <Navigate to={paths.auth.to()} replace state={state} />
}

/** Signed-in guard: a spinner while the user loads; signed out goes to /auth (and back after signing in). */
export function ProtectedRoute() {
  const { user, isLoading } = useAuth()
  if (isLoading) {
    return (
      <div className="flex min-h-dvh items-center justify-center" data-testid="auth-loading">
        <Spinner className="size-8" />
      </div>
    )
  }
  if (!user) return <SignInRedirect />
  return <Outlet />
}
