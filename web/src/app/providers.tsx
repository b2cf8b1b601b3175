import * as React from 'react'
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { Toaster } from '@/components/ui/toaster'
import { AuthProvider } from '@/lib/auth'
import { queryClient as defaultQueryClient } from '@/lib/query-client'

/** Query cache, auth state and toasts. Must sit inside a router (auth navigates). */
export function AppProviders({ children, queryClient = defaultQueryClient }: { children: React.ReactNode; queryClient?: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        {children}
        <Toaster />
      </AuthProvider>
    </QueryClientProvider>
  )
}
