import { describe, expect, it } from 'vitest'
import { applySettingsPatch, settingsBefore, type Settings } from '@/shared/settings'

const defaults: Settings = {
  notifications: {
    matches: { enabled: true, email: true, whatsapp: false },
    messages: { enabled: true, email: true, whatsapp: false },
    updates: { enabled: true, email: true, whatsapp: false },
  },
  privacy: { profileVisible: true, contactVisible: true },
  preferences: { theme: 'light', autoSync: true },
}

describe('settings patches', () => {
  it('changes only the fields a patch names', () => {
    const next = applySettingsPatch(defaults, { notifications: { messages: { whatsapp: true } }, preferences: { theme: 'dark' } })
    expect(next.notifications.messages).toEqual({ enabled: true, email: true, whatsapp: true })
    expect(next.notifications.matches).toEqual(defaults.notifications.matches)
    expect(next.preferences).toEqual({ theme: 'dark', autoSync: true })
    expect(next.privacy).toBe(defaults.privacy)
    expect(defaults.preferences.theme).toBe('light') // not mutated
  })

  it('undoes one patch without losing another made since', () => {
    const first = { privacy: { contactVisible: false } }
    const undo = settingsBefore(defaults, first)
    expect(undo).toEqual({ privacy: { contactVisible: true } })
    const both = applySettingsPatch(applySettingsPatch(defaults, first), { preferences: { autoSync: false } })
    const rolledBack = applySettingsPatch(both, undo)
    expect(rolledBack.privacy.contactVisible).toBe(true)
    expect(rolledBack.preferences.autoSync).toBe(false)
  })
})
