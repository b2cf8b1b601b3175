import { KeyRound } from 'lucide-react'
import { ChangePasswordForm } from '@/features/settings/components/change-password-form'
import { SessionsList } from '@/features/settings/components/sessions-list'
import { SettingsCard } from '@/features/settings/components/settings-card'

/** Account: change the password, and where the account is signed in. */
export function AccountSection() {
  return (
    <SettingsCard
      id="account"
      title="Account"
      description="Your password and where you are signed in."
      icon={<KeyRound className="size-5 text-primary" aria-hidden />}
    >
      <section className="grid gap-3" aria-labelledby="change-password-title">
        <div>
          <h4 id="change-password-title" className="font-semibold text-foreground">
            Change Password
          </h4>
          <p className="text-sm text-muted-foreground">Changing it signs out every other session and emails you a notice.</p>
        </div>
        <ChangePasswordForm />
      </section>
      <section className="grid gap-3 border-t border-border/60 pt-4" aria-labelledby="sessions-title">
        <div>
          <h4 id="sessions-title" className="font-semibold text-foreground">
            Sessions
          </h4>
          <p className="text-sm text-muted-foreground">Where your account is signed in now.</p>
        </div>
        <SessionsList />
      </section>
    </SettingsCard>
  )
}
