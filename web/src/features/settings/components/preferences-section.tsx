import { SlidersHorizontal } from 'lucide-react'
import { Field } from '@/components/ui/field'
import { NativeSelect } from '@/components/ui/native-select'
import { useSaveSettings } from '@/features/settings/api/save-settings'
import { SettingsCard, WithSettings } from '@/features/settings/components/settings-card'
import { SettingSwitch } from '@/features/settings/components/setting-switch'
import type { ThemeChoice } from '@/lib/theme'

const themes: { value: ThemeChoice; label: string }[] = [
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
  { value: 'system', label: 'System (follow this device)' },
]

/** App Preferences: the theme (saved per agent, shown on every device they sign in on) and live updates. */
export function PreferencesSection() {
  const save = useSaveSettings()
  return (
    <SettingsCard
      id="preferences"
      title="App Preferences"
      description="How PropMatch looks and keeps itself up to date."
      icon={<SlidersHorizontal className="size-5 text-primary" aria-hidden />}
    >
      <WithSettings>
        {(settings) => (
          <>
            <Field id="preferences-theme" label="Theme" hint="Dark mode darkens every page you see signed in.">
              <NativeSelect
                id="preferences-theme"
                value={settings.preferences.theme}
                onChange={(e) => save.mutate({ preferences: { theme: e.target.value as ThemeChoice } })}
              >
                {themes.map((t) => (
                  <option key={t.value} value={t.value}>
                    {t.label}
                  </option>
                ))}
              </NativeSelect>
            </Field>
            <SettingSwitch
              id="preferences-autosync"
              label="Auto-sync"
              description="Show new matches, messages and connection requests as they happen. Off: pages update when you open or reload them."
              checked={settings.preferences.autoSync}
              onCheckedChange={(autoSync) => save.mutate({ preferences: { autoSync } })}
            />
          </>
        )}
      </WithSettings>
    </SettingsCard>
  )
}
