import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query'
import { invalidatePropertyData } from '@/features/properties/api/invalidate-property-data'
import { apiRequest, type ApiError } from '@/lib/api-client'
import type { MessageResponse } from '@/lib/api-schemas'

/** DELETE /api/properties/{id}: deletes a listing and its matches. */
export function deleteProperty(id: number) {
  return apiRequest<MessageResponse>('DELETE', `/api/properties/${id}`)
}

export function useDeleteProperty(options?: Omit<UseMutationOptions<MessageResponse, ApiError, number>, 'mutationFn'>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: ['/api/properties', 'delete'],
    mutationFn: deleteProperty,
    ...options,
    onSuccess: async (...args) => {
      await invalidatePropertyData(queryClient)
      await options?.onSuccess?.(...args)
    },
  })
}
