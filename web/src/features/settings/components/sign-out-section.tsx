import { Loader2, LogOut } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Card, CardContent } from '@/components/ui/card'
import { useAuth } from '@/lib/auth'

/** Sign Out: ends this session ('Signing Out...' while the server does). */
export function SignOutSection() {
  const { logoutMutation } = useAuth()
  return (
    <Card data-testid="settings-sign-out">
      <CardContent className="flex flex-wrap items-center justify-between gap-3 pt-6">
        <p className="text-sm text-subtle-foreground">Sign out of PropMatch on this device.</p>
        <Button variant="destructive" disabled={logoutMutation.isPending} onClick={() => logoutMutation.mutate()}>
          {logoutMutation.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <LogOut aria-hidden />}
          {logoutMutation.isPending ? 'Signing Out...' : 'Sign Out'}
        </Button>
      </CardContent>
    </Card>
  )
}
