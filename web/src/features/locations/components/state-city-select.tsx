import * as React from 'react'
import { FormMessage } from '@/components/ui/form-message'
import { Label } from '@/components/ui/label'
import { NativeSelect } from '@/components/ui/native-select'
import { toast } from '@/components/ui/use-toast'
import { useCities } from '@/features/locations/api/get-cities'
import { useStates } from '@/features/locations/api/get-states'

type StateCitySelectProps = {
  state: string
  city: string
  onStateChange: (state: string) => void
  onCityChange: (city: string) => void
  stateError?: string
  cityError?: string
  idPrefix?: string
}

/**
 * State and city choosers. The city list follows the chosen state; the city is
 * disabled until a state is chosen, and changing the state clears the city.
 */
export function StateCitySelect({
  state,
  city,
  onStateChange,
  onCityChange,
  stateError,
  cityError,
  idPrefix = 'location',
}: StateCitySelectProps) {
  const states = useStates()
  const cities = useCities(state)

  React.useEffect(() => {
    if (cities.isError) {
      toast({ variant: 'destructive', title: 'Failed to fetch cities', description: cities.error.message })
    }
  }, [cities.isError, cities.error])

  const cityList = cities.data ?? []
  const noCities = state !== '' && cities.isSuccess && cityList.length === 0

  return (
    <div className="grid items-start gap-4 sm:grid-cols-2">
      <div className="grid gap-2">
        <Label htmlFor={`${idPrefix}-state`}>State</Label>
        <NativeSelect
          id={`${idPrefix}-state`}
          value={state}
          aria-invalid={!!stateError}
          onChange={(e) => {
            onStateChange(e.target.value)
            onCityChange('')
          }}
        >
          <option value="">{states.isLoading ? 'Loading states...' : 'Select state'}</option>
          {(states.data ?? []).map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </NativeSelect>
        <FormMessage>{stateError}</FormMessage>
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${idPrefix}-city`}>City</Label>
        <NativeSelect
          id={`${idPrefix}-city`}
          value={city}
          disabled={state === '' || noCities}
          aria-invalid={!!cityError}
          onChange={(e) => onCityChange(e.target.value)}
        >
          <option value="">
            {state === '' ? 'Select a state first' : cities.isLoading ? 'Loading cities...' : 'Select city'}
          </option>
          {cityList.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </NativeSelect>
        {noCities && <p className="text-sm text-slate-500">No cities found for {state}</p>}
        <FormMessage>{cityError}</FormMessage>
      </div>
    </div>
  )
}
