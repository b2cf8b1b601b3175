import { ShieldCheck } from 'lucide-react'
import { useSaveSettings } from '@/features/settings/api/save-settings'
import { SettingsCard, WithSettings } from '@/features/settings/components/settings-card'
import { SettingSwitch } from '@/features/settings/components/setting-switch'

/** Privacy & Security: whether the agent is in the directory, and whether strangers see their phone and email. */
export function PrivacySection() {
  const save = useSaveSettings()
  return (
    <SettingsCard
      id="privacy"
      title="Privacy & Security"
      description="Who finds you and who can reach you. Your connections always see you and your contact details."
      icon={<ShieldCheck className="size-5 text-primary" aria-hidden />}
    >
      <WithSettings>
        {(settings) => (
          <>
            <SettingSwitch
              id="privacy-profile"
              label="Profile Visibility"
              description="Show your profile in the agent directory and discovery. Off: only your connections find you there; your listings and requirements stay in the marketplace."
              checked={settings.privacy.profileVisible}
              onCheckedChange={(profileVisible) => save.mutate({ privacy: { profileVisible } })}
            />
            <SettingSwitch
              id="privacy-contact"
              label="Show Contact Details"
              description="Show your phone and email to agents you are not connected with, on matches, the marketplace and the directory. Off: they see that you share contact details with connections only, and can send you a request."
              checked={settings.privacy.contactVisible}
              onCheckedChange={(contactVisible) => save.mutate({ privacy: { contactVisible } })}
            />
          </>
        )}
      </WithSettings>
    </SettingsCard>
  )
}
