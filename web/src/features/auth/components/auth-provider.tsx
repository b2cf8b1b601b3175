import * as React from 'react'
import { useQueryClient, type UseMutationResult } from '@tanstack/react-query'
import { useNavigate } from 'react-router'
import { toast } from '@/components/ui/use-toast'
import { useUser, userKeys } from '@/features/auth/api/get-user'
import { useLogin } from '@/features/auth/api/login'
import { useLogout } from '@/features/auth/api/logout'
import { useRegister } from '@/features/auth/api/register'
import type { ApiError } from '@/lib/api-client'
import type { LoginRequest, RegisterRequest, User } from '@/lib/api-schemas'

/** Delay between storing the user and leaving for the dashboard (spec section 9). */
export const LOGIN_REDIRECT_DELAY_MS = 100

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
  const userQuery = useUser()

  const onSignedIn = (user: User) => {
    queryClient.setQueryData(userKeys.current(), user)
    setTimeout(() => navigate('/dashboard'), LOGIN_REDIRECT_DELAY_MS)
  }

  const loginMutation = useLogin({
    onSuccess: onSignedIn,
    onError: (error) => toast({ variant: 'destructive', title: 'Login failed', description: error.message }),
  })

  const registerMutation = useRegister({
    onSuccess: onSignedIn,
    onError: (error) => toast({ variant: 'destructive', title: 'Registration failed', description: error.message }),
  })

  const logoutMutation = useLogout({
    onSuccess: () => {
      queryClient.setQueryData(userKeys.current(), null)
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== userKeys.current()[0] })
      navigate('/auth')
    },
    onError: (error) => toast({ variant: 'destructive', title: 'Logout failed', description: error.message }),
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
