import { Bell } from 'lucide-react'
import { Checkbox } from '@/components/ui/checkbox'
import { Label } from '@/components/ui/label'
import { useSaveSettings } from '@/features/settings/api/save-settings'
import { SettingsCard, WithSettings } from '@/features/settings/components/settings-card'
import { SettingSwitch } from '@/features/settings/components/setting-switch'
import type { NotificationKind, NotificationSetting } from '@/shared/settings'

const kinds: { kind: NotificationKind; label: string; description: string }[] = [
  { kind: 'matches', label: 'New Matches', description: 'When one of your listings or requirements gets a new match.' },
  { kind: 'messages', label: 'Messages', description: 'When another agent sends you a message.' },
  {
    kind: 'updates',
    label: 'Property Updates',
    description:
      "Connection requests and their answers, clients' interest in listings you share, and changes to properties you are matched with.",
  },
]

function Channel({
  id,
  label,
  checked,
  disabled,
  onChange,
}: {
  id: string
  label: string
  checked: boolean
  disabled?: boolean
  onChange?: (on: boolean) => void
}) {
  return (
    <div className="flex items-center gap-2">
      <Checkbox id={id} checked={checked} disabled={disabled} onCheckedChange={(v) => onChange?.(v === true)} />
      <Label htmlFor={id} className="font-normal text-subtle-foreground">
        {label}
      </Label>
    </div>
  )
}

/** Notifications: each kind on or off, and its channels beyond in-app (always on while the kind is). */
export function NotificationsSection() {
  const save = useSaveSettings()
  const set = (kind: NotificationKind, change: Partial<NotificationSetting>) => save.mutate({ notifications: { [kind]: change } })
  return (
    <SettingsCard
      id="notifications"
      title="Notifications"
      description="What PropMatch tells you about, and where. In-app notifications are always on for what you turn on."
      icon={<Bell className="size-5 text-primary" aria-hidden />}
    >
      <WithSettings>
        {(settings) =>
          kinds.map(({ kind, label, description }) => {
            const n = settings.notifications[kind]
            return (
              <SettingSwitch
                key={kind}
                id={`notify-${kind}`}
                label={label}
                description={description}
                checked={n.enabled}
                onCheckedChange={(enabled) => set(kind, { enabled })}
              >
                <fieldset className="flex flex-wrap gap-x-5 gap-y-2" disabled={!n.enabled} data-testid={`channels-${kind}`}>
                  <legend className="sr-only">{label} channels</legend>
                  <Channel id={`notify-${kind}-inapp`} label="In-app" checked={n.enabled} disabled />
                  <Channel
                    id={`notify-${kind}-email`}
                    label="Email"
                    checked={n.email}
                    disabled={!n.enabled}
                    onChange={(email) => set(kind, { email })}
                  />
                  <Channel
                    id={`notify-${kind}-whatsapp`}
                    label="WhatsApp"
                    checked={n.whatsapp}
                    disabled={!n.enabled}
                    onChange={(whatsapp) => set(kind, { whatsapp })}
                  />
                </fieldset>
              </SettingSwitch>
            )
          })
        }
      </WithSettings>
    </SettingsCard>
  )
}
