import { queryOptions, useQuery } from '@tanstack/react-query'
import { api, unwrap } from '@/lib/api-client'

/** Query keys of the location lists; cities nest under their state. */
export const locationKeys = {
  states: () => ['/api/states'] as const,
  cities: (state: string) => ['/api/cities', state] as const,
}

/** GET /api/states: the 36 states and union territories. */
export const statesQueryOptions = () =>
  queryOptions({
    queryKey: locationKeys.states(),
    queryFn: ({ signal }) => unwrap(api.GET('/api/states', { signal })),
    staleTime: Infinity,
  })

export function useStates() {
  return useQuery(statesQueryOptions())
}

/** GET /api/cities/{state}: the state's cities (404 for an unknown state). */
export const citiesQueryOptions = (state: string) =>
  queryOptions({
    queryKey: locationKeys.cities(state),
    queryFn: ({ signal }) => unwrap(api.GET('/api/cities/{state}', { params: { path: { state } }, signal })),
    enabled: state !== '',
    staleTime: Infinity,
  })

/** Cities of a state; idle until a state is chosen. */
export function useCities(state: string) {
  return useQuery(citiesQueryOptions(state))
}
