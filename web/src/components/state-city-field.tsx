import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form'
import { StateCitySelect } from '@/components/state-city-select'

type StateCityFieldProps<T extends FieldValues> = {
  control: Control<T>
  stateName: FieldPath<T>
  cityName: FieldPath<T>
  idPrefix: string
}

/** The state and city choosers bound to two fields of a react-hook-form form. */
export function StateCityField<T extends FieldValues>({ control, stateName, cityName, idPrefix }: StateCityFieldProps<T>) {
  const state = useController({ control, name: stateName })
  const city = useController({ control, name: cityName })
  return (
    <StateCitySelect
      idPrefix={idPrefix}
      state={state.field.value}
      city={city.field.value}
      onStateChange={state.field.onChange}
      onCityChange={city.field.onChange}
      stateError={state.fieldState.error?.message}
      cityError={city.fieldState.error?.message}
    />
  )
}
