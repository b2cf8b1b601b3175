import { queryOptions, useQuery } from '@tanstack/react-query'
import { getQueryFn } from '@/lib/api-client'
import { locationKeys } from '@/features/locations/api/get-states'

/** GET /api/cities/{state}: the state's cities (404 for an unknown state). */
export const getCities = getQueryFn<string[]>({ on401: 'throw' })

export const citiesQueryOptions = (state: string) =>
  queryOptions({
    queryKey: locationKeys.cities(state),
    queryFn: getCities,
    enabled: state !== '',
    staleTime: Infinity,
  })

/** Cities of a state; idle until a state is chosen. */
export function useCities(state: string) {
  return useQuery(citiesQueryOptions(state))
}
