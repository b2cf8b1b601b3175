import { Laptop, LogOut, Smartphone } from 'lucide-react'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Spinner } from '@/components/ui/spinner'
import { endOtherSessions, endSession } from '@/features/settings/api/end-session'
import { useSessions, type SessionInfo } from '@/features/settings/api/get-sessions'
import { useApiMutation } from '@/lib/api-mutation'
import { useAuth } from '@/lib/auth'

const when = (iso: string) => new Date(iso).toLocaleString('en-IN', { dateStyle: 'medium', timeStyle: 'short' })
const isPhone = (device: string) => /iPhone|Android/.test(device)

/** Sessions: each active session with 'Sign out', and 'Sign out everywhere else'. */
export function SessionsList() {
  const sessions = useSessions()
  const { logoutMutation } = useAuth()
  const endOne = useApiMutation(endSession, { successToast: 'Session signed out', errorToast: 'Could not sign the session out' })
  const endOthers = useApiMutation(endOtherSessions, {
    successToast: (r) => ({ variant: 'success', title: 'Signed out everywhere else', description: `${r.sessionsEnded} session(s) ended.` }),
    errorToast: 'Could not sign out the other sessions',
  })
  if (sessions.isPending) return <Spinner className="size-5" />
  if (sessions.isError)
    return (
      <p className="text-destructive" role="alert">
        Failed to load sessions: {sessions.error.message}
      </p>
    )
  const others = sessions.data.filter((s) => !s.current).length
  const signOut = (s: SessionInfo) => (s.current ? logoutMutation.mutate() : endOne.mutate(s.id))
  return (
    <div className="grid gap-3">
      <ul className="divide-y divide-border/60 rounded-lg border border-border" aria-label="Active sessions">
        {sessions.data.map((s) => {
          const Icon = isPhone(s.device) ? Smartphone : Laptop
          return (
            <li key={s.id} className="flex flex-wrap items-center gap-3 p-3" data-testid="session-row">
              <Icon className="size-5 shrink-0 text-muted-foreground" aria-hidden />
              <div className="min-w-0 flex-1">
                <p className="font-medium text-foreground">
                  {s.device} {s.current && <Badge className="ml-1">This device</Badge>}
                </p>
                <p className="text-sm text-subtle-foreground">
                  {s.ip || 'Unknown address'} · last used {when(s.lastUsedAt)} · signed in {when(s.createdAt)}
                </p>
              </div>
              <Button variant="outline" size="sm" onClick={() => signOut(s)} disabled={endOne.isPending || logoutMutation.isPending}>
                <LogOut /> Sign out
              </Button>
            </li>
          )
        })}
      </ul>
      <Button
        variant="outline"
        className="justify-self-start"
        onClick={() => endOthers.mutate()}
        disabled={others === 0 || endOthers.isPending}
      >
        Sign out everywhere else
      </Button>
    </div>
  )
}
