import { queryOptions, useQuery } from '@tanstack/react-query'
import { getQueryFn } from '@/lib/api-client'

/** Query keys of the location lists; cities nest under their state. */
export const locationKeys = {
  states: () => ['/api/states'] as const,
  cities: (state: string) => ['/api/cities', state] as const,
}

/** GET /api/states: the 36 states and union territories. */
export const getStates = getQueryFn<string[]>({ on401: 'throw' })

export const statesQueryOptions = () =>
  queryOptions({
    queryKey: locationKeys.states(),
    queryFn: getStates,
    staleTime: Infinity,
  })

export function useStates() {
  return useQuery(statesQueryOptions())
}
