import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query'
import { apiRequest, type ApiError } from '@/lib/api-client'
import type { Requirement, RequirementInput } from '@/lib/api-schemas'
import { invalidateFamilies } from '@/lib/query-families'
import { requirementWriteFamilies } from '@/features/requirements/api/requirement-keys'

export type UpdateRequirementVariables = { id: number; body: RequirementInput }

/** PATCH /api/requirements/{id}: edits one of the caller's requirements; answers the updated one. */
export function updateRequirement({ id, body }: UpdateRequirementVariables) {
  return apiRequest<Requirement>('PATCH', `/api/requirements/${id}`, body)
}

export function useUpdateRequirement(
  options?: Omit<UseMutationOptions<Requirement, ApiError, UpdateRequirementVariables>, 'mutationFn'>,
) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: ['/api/requirements', 'update'],
    mutationFn: updateRequirement,
    ...options,
    onSuccess: async (...args) => {
      await invalidateFamilies(queryClient, requirementWriteFamilies)
      return options?.onSuccess?.(...args)
    },
  })
}
