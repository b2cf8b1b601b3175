import { useMutation, useQueryClient } from '@tanstack/react-query'
import { toast } from '@/components/ui/use-toast'
import { api, unwrap, type ApiError } from '@/lib/api-client'
import { applySettingsPatch, settingsBefore, settingsKey, type Settings, type SettingsPatch } from '@/shared/settings'

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
