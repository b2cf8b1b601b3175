import * as React from 'react'
import { AccountSection } from '@/features/settings/components/account-section'
import { ApiKeysSection } from '@/features/settings/components/api-keys-section'
import { NotificationsSection } from '@/features/settings/components/notifications-section'
import { PreferencesSection } from '@/features/settings/components/preferences-section'
import { PrivacySection } from '@/features/settings/components/privacy-section'
import { SignOutSection } from '@/features/settings/components/sign-out-section'
import { SupportSection } from '@/features/settings/components/support-section'
import { WebhooksSection } from '@/features/settings/components/webhooks-section'
import { YourDataCard } from '@/features/settings/components/your-data-card'

/**
 * /settings: one card per section, each its own component, saved to the server as it changes
 * (docs/product.md#settings).
 */
export function SettingsPage() {
  React.useEffect(() => {
    document.title = 'Settings · PropMatch'
  }, [])
  return (
    <div className="mx-auto grid max-w-4xl gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-foreground">Settings</h1>
        <p className="text-subtle-foreground">Notifications, privacy, your account and how PropMatch looks.</p>
      </div>
      <NotificationsSection />
      <PrivacySection />
      <AccountSection />
      <ApiKeysSection />
      <PreferencesSection />
      <WebhooksSection />
      <SupportSection />
      <YourDataCard />
      <SignOutSection />
    </div>
  )
}
