import * as React from 'react'
import { Pencil } from 'lucide-react'
import { AgentAvatar } from '@/components/agent-avatar'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import { Spinner } from '@/components/ui/spinner'
import { useUserStats } from '@/features/profile/api/get-user-stats'
import { EditProfileDialog } from '@/features/profile/components/edit-profile-dialog'
import { EmailVerificationBanner } from '@/features/profile/components/email-verification'
import { ReraCard } from '@/features/profile/components/rera-card'
import { agentTypeLabels, shown } from '@/features/profile/lib/picture'
import { useAuth } from '@/lib/auth'
import { formatPhone } from '@/lib/phone-display'
import { reraBadgeText } from '@/shared/rera'

function Row({ label, value, badge }: { label: string; value: string; badge?: React.ReactNode }) {
  return (
    <div className="grid gap-0.5 border-b border-border/60 py-3 last:border-b-0 sm:grid-cols-[12rem_1fr] sm:gap-4">
      <dt className="text-sm font-medium text-muted-foreground">{label}</dt>
      <dd className="min-w-0 text-foreground wrap-anywhere">
        {value} {badge}
      </dd>
    </div>
  )
}

function Stat({ label, value }: { label: string; value: number | undefined }) {
  return (
    <div className="rounded-lg bg-muted/50 p-4 text-center">
      <p className="text-3xl font-bold text-foreground">{value ?? '–'}</p>
      <p className="text-sm text-subtle-foreground">{label}</p>
    </div>
  )
}

/** /profile: 'My Profile' — the agent's details, their Account Statistics and the 'Edit Profile' dialog. */
export function ProfilePage() {
  const { user } = useAuth()
  const stats = useUserStats()
  const [editing, setEditing] = React.useState(false)

  React.useEffect(() => {
    document.title = 'My Profile · PropMatch'
  }, [])

  if (!user) return null
  const location = [user.city, user.state].filter(Boolean).join(', ')
  return (
    <div className="mx-auto grid max-w-4xl gap-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-foreground">My Profile</h1>
          <p className="text-subtle-foreground">How other agents see you on PropMatch.</p>
        </div>
        <Button onClick={() => setEditing(true)}>
          <Pencil /> Edit Profile
        </Button>
      </div>
      <EmailVerificationBanner user={user} />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <Card className="min-w-0">
          <CardHeader>
            <CardTitle>Personal Information</CardTitle>
          </CardHeader>
          <CardContent>
            <div className="mb-4 flex items-center gap-4">
              <AgentAvatar name={user.fullName} picture={user.profilePicture} className="size-20 text-2xl" />
              <div className="min-w-0">
                <p className="truncate text-xl font-semibold text-foreground">{user.fullName}</p>
                <p className="truncate text-subtle-foreground">@{user.username}</p>
                {user.isReraVerified && <Badge className="mt-1">{reraBadgeText(user.reraValidUntil)}</Badge>}
              </div>
            </div>
            <dl>
              <Row label="Full Name" value={shown(user.fullName)} />
              <Row label="Username" value={shown(user.username)} />
              <Row label="Phone" value={shown(user.phone ? formatPhone(user.phone) : '')} />
              <Row
                label="Email"
                value={shown(user.email)}
                badge={
                  user.email &&
                  (user.emailVerified ? (
                    <Badge variant="secondary">Verified</Badge>
                  ) : (
                    <Badge variant="outline" className="border-warning/30 text-warning">
                      Not verified
                    </Badge>
                  ))
                }
              />
              <Row label="Location" value={shown(location)} />
              <Row label="Agent Type" value={shown(agentTypeLabels[user.agentType], 'Not specified')} />
              <Row label="RERA Number" value={shown(user.reraNumber)} />
              <Row label="Bio" value={shown(user.bio)} />
            </dl>
          </CardContent>
        </Card>
        <Card className="self-start">
          <CardHeader>
            <CardTitle>Account Statistics</CardTitle>
          </CardHeader>
          <CardContent>
            {stats.isPending ? (
              <div className="flex justify-center py-6">
                <Spinner className="size-5" />
              </div>
            ) : stats.isError ? (
              <p className="text-destructive" role="alert">
                Failed to load statistics: {stats.error.message}
              </p>
            ) : (
              <div className="grid grid-cols-2 gap-3 lg:grid-cols-1">
                <Stat label="Properties Listed" value={stats.data.propertiesListed} />
                <Stat label="Successful Matches" value={stats.data.successfulMatches} />
              </div>
            )}
          </CardContent>
        </Card>
      </div>
      <ReraCard />
      <EditProfileDialog user={user} open={editing} onOpenChange={setEditing} />
    </div>
  )
}
