import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { toast } from '@/components/ui/use-toast'
import { api, unwrap, type ApiError } from '@/lib/api-client'
import { apiMutation } from '@/lib/api-mutation'
import type { components } from '@/lib/api-types'
import { applySettingsPatch, settingsBefore, settingsKey, type Settings, type SettingsPatch } from '@/shared/settings'

export type SessionInfo = components['schemas']['SessionInfo']
export type PasswordChange = components['schemas']['PasswordChange']

export const settingsKeys = {
  sessions: () => ['/api/user/sessions'] as const,
}

/** GET /api/user/sessions: the agent's active sessions, most recently used first. */
export function useSessions() {
  return useQuery({ queryKey: settingsKeys.sessions(), queryFn: ({ signal }) => unwrap(api.GET('/api/user/sessions', { signal })) })
}

/** POST /api/user/password: every other session ends, so the list is stale. */
export const changePassword = apiMutation({
  mutationFn: (body: PasswordChange) => unwrap(api.POST('/api/user/password', { body })),
  invalidates: settingsKeys.sessions(),
})

/** DELETE /api/user/sessions/{id}. */
export const endSession = apiMutation({
  mutationFn: (id: number) => unwrap(api.DELETE('/api/user/sessions/{id}', { params: { path: { id } } })),
  invalidates: settingsKeys.sessions(),
})

/** POST /api/user/sessions/sign-out-others. */
export const endOtherSessions = apiMutation({
  mutationFn: () => unwrap(api.POST('/api/user/sessions/sign-out-others')),
  invalidates: settingsKeys.sessions(),
})

const saveKey = ['save-settings'] as const

/**
 * PUT /api/user/settings with the part that changed, shown at once (optimistic): a failure puts back only
 * what this save changed and says so; a success toasts and takes the server's answer once no other save
 * is on its way.
 */
export function useSaveSettings() {
  const queryClient = useQueryClient()
  return useMutation<Settings, ApiError, SettingsPatch, { undo: SettingsPatch } | undefined>({
    mutationKey: saveKey,
    mutationFn: (patch) => unwrap(api.PUT('/api/user/settings', { body: patch })),
    onMutate: async (patch) => {
      await queryClient.cancelQueries({ queryKey: settingsKey })
      const before = queryClient.getQueryData<Settings>(settingsKey)
      if (!before) return undefined
      queryClient.setQueryData(settingsKey, applySettingsPatch(before, patch))
      return { undo: settingsBefore(before, patch) }
    },
    onError: (error, _patch, context) => {
      const now = queryClient.getQueryData<Settings>(settingsKey)
      if (context && now) queryClient.setQueryData(settingsKey, applySettingsPatch(now, context.undo))
      toast({ variant: 'destructive', title: 'Settings not saved', description: error.message })
    },
    onSuccess: (saved) => {
      if (queryClient.isMutating({ mutationKey: saveKey }) <= 1) queryClient.setQueryData(settingsKey, saved)
      toast({ variant: 'success', title: 'Settings saved' })
    },
  })
}
