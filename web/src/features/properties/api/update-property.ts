import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query'
import { invalidatePropertyData } from '@/features/properties/api/invalidate-property-data'
import { apiRequest, type ApiError } from '@/lib/api-client'
import type { Property, PropertyInput } from '@/lib/api-schemas'

export type UpdatePropertyVariables = { id: number; body: PropertyInput }

/** PUT /api/properties/{id}: replaces one of the caller's listings; its matches are recomputed. */
export function updateProperty({ id, body }: UpdatePropertyVariables) {
  return apiRequest<Property>('PUT', `/api/properties/${id}`, body)
}

export function useUpdateProperty(options?: Omit<UseMutationOptions<Property, ApiError, UpdatePropertyVariables>, 'mutationFn'>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: ['/api/properties', 'update'],
    mutationFn: updateProperty,
    ...options,
    onSuccess: async (...args) => {
      await invalidatePropertyData(queryClient)
      await options?.onSuccess?.(...args)
    },
  })
}
