import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api-client'
import type { components } from '@/lib/api-types'

/** The agent's saved settings (GET /api/user/settings). */
export type Settings = components['schemas']['Settings']
export type NotificationKind = keyof Settings['notifications']
export type NotificationSetting = components['schemas']['NotificationSetting']

/** A part of Settings: what PUT /api/user/settings changes (the rest keeps its saved value). */
export type SettingsPatch = {
  notifications?: { [K in NotificationKind]?: Partial<NotificationSetting> }
  privacy?: Partial<Settings['privacy']>
  preferences?: Partial<Settings['preferences']>
}

export const settingsKey = ['/api/user/settings'] as const

/** GET /api/user/settings; shared by the shell (theme) and the Settings page. */
export const settingsQueryOptions = () =>
  queryOptions({ queryKey: settingsKey, queryFn: ({ signal }) => unwrap(api.GET('/api/user/settings', { signal })), staleTime: 60_000 })

export function useSettings(enabled = true) {
  return useQuery({ ...settingsQueryOptions(), enabled })
}

type Plain = Record<string, unknown>

function isPlain(v: unknown): v is Plain {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}

function merge(base: Plain, patch: Plain): Plain {
  const out: Plain = { ...base }
  for (const [k, v] of Object.entries(patch)) {
    if (v === undefined) continue
    out[k] = isPlain(v) && isPlain(base[k]) ? merge(base[k], v) : v
  }
  return out
}

function pick(base: Plain, patch: Plain): Plain {
  const out: Plain = {}
  for (const [k, v] of Object.entries(patch)) {
    if (v === undefined || !(k in base)) continue
    out[k] = isPlain(v) && isPlain(base[k]) ? pick(base[k], v) : base[k]
  }
  return out
}

/** settings with patch applied (what the server saves for that PUT). */
export function applySettingsPatch(settings: Settings, patch: SettingsPatch): Settings {
  return merge(settings as unknown as Plain, patch as Plain) as unknown as Settings
}

/** The values of settings at the fields patch names: applying it undoes patch (a rollback that leaves other changes alone). */
export function settingsBefore(settings: Settings, patch: SettingsPatch): SettingsPatch {
  return pick(settings as unknown as Plain, patch as Plain) as SettingsPatch
}
