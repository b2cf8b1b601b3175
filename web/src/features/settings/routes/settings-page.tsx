import * as React from 'react'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { ChangePasswordForm } from '@/features/settings/components/change-password-form'
import { SessionsList } from '@/features/settings/components/sessions-list'
import { YourDataCard } from '@/features/settings/components/your-data-card'

/** /settings: the Account section (change password, sessions). Notifications, privacy and app preferences are not built yet. */
export function SettingsPage() {
  React.useEffect(() => {
    document.title = 'Settings · PropMatch'
  }, [])
  return (
    <div className="mx-auto grid max-w-4xl gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">Settings</h1>
        <p className="text-slate-600">Your account&apos;s password and where you are signed in.</p>
      </div>
      <Card>
        <CardHeader>
          <CardTitle>Change Password</CardTitle>
          <CardDescription>Changing it signs out every other session and emails you a notice.</CardDescription>
        </CardHeader>
        <CardContent>
          <ChangePasswordForm />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Sessions</CardTitle>
          <CardDescription>Where your account is signed in now.</CardDescription>
        </CardHeader>
        <CardContent>
          <SessionsList />
        </CardContent>
      </Card>
      <YourDataCard />
    </div>
  )
}
