import * as React from 'react'
import { Lock } from 'lucide-react'
import { Navigate } from 'react-router'
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { useAuth } from '@/lib/auth'

type AdminOnlyProps = {
  children: React.ReactNode
  redirectTo?: string
  /** What the Access Restricted card says (the page's own words where the spec gives them). */
  message?: string
}

/** Shows children to admins; others see an Access Restricted card (or are sent to `redirectTo`). */
export function AdminOnly({ children, redirectTo, message = 'This page is available to administrators only.' }: AdminOnlyProps) {
  const { user } = useAuth()
  if (user?.role === 'admin') return <>{children}</>
  if (redirectTo) return <Navigate to={redirectTo} replace />
  return (
    <div className="flex min-h-[50vh] items-center justify-center p-4">
      <Card className="w-full max-w-md text-center">
        <CardHeader className="items-center">
          <span className="flex size-12 items-center justify-center rounded-full bg-warning-soft text-warning">
            <Lock className="size-6" aria-hidden />
          </span>
          <CardTitle>Access Restricted</CardTitle>
          <CardDescription>{message}</CardDescription>
        </CardHeader>
      </Card>
    </div>
  )
}
