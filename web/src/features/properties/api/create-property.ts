import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query'
import { invalidatePropertyData } from '@/features/properties/api/invalidate-property-data'
import { apiRequest, type ApiError } from '@/lib/api-client'
import type { Property, PropertyInput } from '@/lib/api-schemas'

/** POST /api/properties: lists a property; matching runs on the server. */
export function createProperty(body: PropertyInput) {
  return apiRequest<Property>('POST', '/api/properties', body)
}

export function useCreateProperty(options?: Omit<UseMutationOptions<Property, ApiError, PropertyInput>, 'mutationFn'>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: ['/api/properties', 'create'],
    mutationFn: createProperty,
    ...options,
    onSuccess: async (...args) => {
      await invalidatePropertyData(queryClient)
      await options?.onSuccess?.(...args)
    },
  })
}
