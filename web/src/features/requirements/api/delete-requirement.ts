import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query'
import { apiRequest, type ApiError } from '@/lib/api-client'
import type { MessageResponse } from '@/lib/api-schemas'
import { invalidateFamilies } from '@/lib/query-families'
import { requirementWriteFamilies } from '@/features/requirements/api/requirement-keys'

/** DELETE /api/requirements/{id}: deletes the requirement and its matches. */
export function deleteRequirement(id: number) {
  return apiRequest<MessageResponse>('DELETE', `/api/requirements/${id}`)
}

export function useDeleteRequirement(options?: Omit<UseMutationOptions<MessageResponse, ApiError, number>, 'mutationFn'>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: ['/api/requirements', 'delete'],
    mutationFn: deleteRequirement,
    ...options,
    onSuccess: async (...args) => {
      await invalidateFamilies(queryClient, requirementWriteFamilies)
      return options?.onSuccess?.(...args)
    },
  })
}
