import { queryOptions, useQuery } from '@tanstack/react-query'
import { getQueryFn } from '@/lib/api-client'
import type { Property } from '@/lib/api-schemas'

/** Query keys of the caller's own listings. */
export const propertyKeys = {
  all: () => ['/api/properties'] as const,
}

/** GET /api/properties: the caller's listings, newest first (the first page, up to 100). */
export const getMyProperties = getQueryFn<Property[]>({ on401: 'throw' })

export const myPropertiesQueryOptions = () =>
  queryOptions({
    queryKey: propertyKeys.all(),
    queryFn: getMyProperties,
  })

export function useMyProperties() {
  return useQuery(myPropertiesQueryOptions())
}
