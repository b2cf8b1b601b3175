import * as React from 'react'
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { Toaster } from '@/components/ui/toaster'
import { AuthProvider } from '@/lib/auth'
import { queryClient as defaultQueryClient } from '@/lib/query-client'

/** Auth state and toasts. Must sit inside a router (auth navigates): the root route renders it. */
export function SessionProviders({ children }: { children: React.ReactNode }) {
  return (
    <AuthProvider>
      {children}
      <Toaster />
    </AuthProvider>
  )
}

/** Query cache, auth state and toasts, for a component rendered inside a router of its own (tests). */
export function AppProviders({ children, queryClient = defaultQueryClient }: { children: React.ReactNode; queryClient?: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProviders>{children}</SessionProviders>
    </QueryClientProvider>
  )
}
