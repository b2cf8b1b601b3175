import * as React from 'react'
import { queryOptions, useQuery, useQueryClient, type UseMutationResult } from '@tanstack/react-query'
import { useLocation, useNavigate } from 'react-router'
import { api, unwrap, type ApiError } from '@/lib/api-client'
import { apiMutation, useApiMutation } from '@/lib/api-mutation'
import { paths, returnPath } from '@/app/paths'
import { dismissToast } from '@/components/ui/use-toast'
import type { LoginRequest, RegisterRequest, User } from '@/lib/api-schemas'

/** Delay between storing the user and leaving for the dashboard (docs/product.md#routes). */
export const LOGIN_REDIRECT_DELAY_MS = 100

/** The navigation state the dashboard gets right after registration: it then says 'Welcome', not 'Welcome back'. */
export const newAccountState = { newAccount: true } as const

/** True when the location state says the account was just created. */
export function isNewAccount(state: unknown) {
  return (state as { newAccount?: unknown } | null)?.newAccount === true
}

/** Query keys of the signed-in user. */
export const userKeys = {
  current: () => ['/api/user'] as const,
}

/**
 * GET /api/session: the signed-in user, or null. Unlike GET /api/user it answers a signed-out
 * visitor 200, so the public pages log no 401 in the console.
 */
export async function getUser({ signal }: { signal?: AbortSignal } = {}): Promise<User | null> {
  const session = await unwrap(api.GET('/api/session', { signal }))
  return session.user ?? null
}

/**
 * Public pages that never need the session (the certificate verification page): the user is not
 * asked for there, so a signed-out visitor's browser makes no call that answers 401.
 */
export const SESSION_FREE_PREFIXES = [paths.certificate.prefix] as const

export const isSessionFreePath = (pathname: string) => SESSION_FREE_PREFIXES.some((prefix) => pathname.startsWith(prefix))

export const userQueryOptions = () => queryOptions({ queryKey: userKeys.current(), queryFn: getUser })

/** POST /api/login: username, phone or email plus password; answers the user. */
export const login = apiMutation({
  mutationFn: (body: LoginRequest) => unwrap(api.POST('/api/login', { body })),
})

/** POST /api/register: creates the account (phone must be verified) and signs in; the answer never carries the email. */
export const register = apiMutation({
  mutationFn: (body: RegisterRequest) => unwrap(api.POST('/api/register', { body })),
})

/** POST /api/logout: ends the session; the body is not read. */
export const logout = apiMutation({
  mutationFn: async () => {
    await api.POST('/api/logout')
  },
})

type AuthContextValue = {
  user: User | null
  isLoading: boolean
  error: ApiError | null
  loginMutation: UseMutationResult<User, ApiError, LoginRequest>
  registerMutation: UseMutationResult<User, ApiError, RegisterRequest>
  logoutMutation: UseMutationResult<void, ApiError, void>
}

const AuthContext = React.createContext<AuthContextValue | null>(null)

/** Holds the signed-in user and the login, registration and logout actions. */
export function AuthProvider({ children }: { children: React.ReactNode }) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const { pathname, state } = useLocation()
  // After signing in: the page a guard sent the visitor to /auth from, else the dashboard.
  const afterSignIn = returnPath(state) ?? paths.dashboard.to()
  const userQuery = useQuery({ ...userQueryOptions(), enabled: !isSessionFreePath(pathname) })

  const onSignedIn = (user: User, newAccount = false) => {
    queryClient.setQueryData(userKeys.current(), user)
    // An earlier failure's toast ('Registration failed', 'Login failed') must not follow the agent in.
    dismissToast()
    setTimeout(() => navigate(afterSignIn, { replace: true, state: newAccount ? newAccountState : undefined }), LOGIN_REDIRECT_DELAY_MS)
  }

  const loginMutation = useApiMutation(login, { onSuccess: (user) => onSignedIn(user), errorToast: 'Login failed' })
  const registerMutation = useApiMutation(register, {
    onSuccess: (user) => {
      onSignedIn(user, true)
      // The registration answer leaves the email out (it must not tell whether another account has it); read the account.
      void queryClient.invalidateQueries({ queryKey: userKeys.current() })
    },
    errorToast: 'Registration failed',
  })
  const logoutMutation = useApiMutation(logout, {
    onSuccess: () => {
      queryClient.setQueryData(userKeys.current(), null)
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== userKeys.current()[0] })
      navigate(paths.auth.to())
    },
    errorToast: 'Logout failed',
  })

  const value: AuthContextValue = {
    user: userQuery.data ?? null,
    isLoading: userQuery.isLoading,
    error: userQuery.error,
    loginMutation,
    registerMutation,
    logoutMutation,
  }
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>
}

/** The auth state and actions; throws outside an AuthProvider. */
export function useAuth() {
  const context = React.useContext(AuthContext)
  if (!context) throw new Error('useAuth must be used within an AuthProvider')
  return context
}
