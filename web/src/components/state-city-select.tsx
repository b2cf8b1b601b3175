import * as React from 'react'
import { Field } from '@/components/ui/field'
import { NativeSelect } from '@/components/ui/native-select'
import { toast } from '@/components/ui/use-toast'
import { useCities, useStates } from '@/shared/locations'

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
      <Field id={`${idPrefix}-state`} label="State" error={stateError}>
        <NativeSelect
          value={state}
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
      </Field>
      <Field
        id={`${idPrefix}-city`}
        label="City"
        error={cityError}
        hint={noCities ? `No cities found for ${state}` : undefined}
        hintProps={{ className: 'text-sm' }}
      >
        <NativeSelect value={city} disabled={state === '' || noCities} onChange={(e) => onCityChange(e.target.value)}>
          <option value="">{state === '' ? 'Select a state first' : cities.isLoading ? 'Loading cities...' : 'Select city'}</option>
          {cityList.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </NativeSelect>
      </Field>
    </div>
  )
}
