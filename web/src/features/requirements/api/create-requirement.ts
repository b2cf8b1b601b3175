import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query'
import { apiRequest, type ApiError } from '@/lib/api-client'
import type { Requirement, RequirementInput } from '@/lib/api-schemas'
import { invalidateFamilies } from '@/lib/query-families'
import { requirementWriteFamilies } from '@/features/requirements/api/requirement-keys'

/** POST /api/requirements: records a client requirement; answers the created requirement. */
export function createRequirement(body: RequirementInput) {
  return apiRequest<Requirement>('POST', '/api/requirements', body)
}

export function useCreateRequirement(
  options?: Omit<UseMutationOptions<Requirement, ApiError, RequirementInput>, 'mutationFn'>,
) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: ['/api/requirements', 'create'],
    mutationFn: createRequirement,
    ...options,
    onSuccess: async (...args) => {
      await invalidateFamilies(queryClient, requirementWriteFamilies)
      return options?.onSuccess?.(...args)
    },
  })
}
