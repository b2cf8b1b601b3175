import * as React from 'react'
import { X } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Label } from '@/components/ui/label'
import { NativeSelect } from '@/components/ui/native-select'
import { FormMessage } from '@/components/ui/form-message'
import { useCities, useStates } from '@/shared/locations'

/** The places of a target list, from the form's comma-separated text. */
export function placesOf(value: string): string[] {
  return value
    .split(',')
    .map((s) => s.trim())
    .filter((s, i, all) => s !== '' && all.indexOf(s) === i)
}

/**
 * An advert's target cities or states, picked from the same lists as every
 * other form (a city through its state), never typed: chips with a remove
 * button, and the pickers to add one. Empty means everywhere.
 */
export function TargetPlaces({
  kind,
  value,
  onChange,
  error,
}: {
  kind: 'city' | 'state'
  value: string
  onChange: (value: string) => void
  error?: string
}) {
  const places = placesOf(value)
  const [state, setState] = React.useState('')
  const [city, setCity] = React.useState('')
  const states = useStates()
  const cities = useCities(kind === 'city' ? state : '')
  const label = kind === 'city' ? 'Target Cities' : 'Target States'
  const pick = kind === 'city' ? city : state
  const add = () => {
    if (!pick || places.includes(pick)) return
    onChange([...places, pick].join(', '))
    if (kind === 'city') setCity('')
    else setState('')
  }
  const remove = (p: string) => onChange(places.filter((x) => x !== p).join(', '))
  const id = `advert-target-${kind}`
  return (
    <div className="grid content-start gap-2">
      <Label htmlFor={id}>{label}</Label>
      <ul className="flex min-h-8 flex-wrap gap-1.5" aria-label={label} data-testid={`${id}-list`}>
        {places.length === 0 ? (
          <li className="text-xs text-muted-foreground">{kind === 'city' ? 'All cities' : 'All states'}</li>
        ) : (
          places.map((p) => (
            <li key={p} className="flex items-center gap-1 rounded-full bg-accent py-0.5 pr-1 pl-2.5 text-xs text-accent-foreground">
              {p}
              <button type="button" className="rounded-full p-0.5 hover:bg-muted" aria-label={`Remove ${p}`} onClick={() => remove(p)}>
                <X className="size-3" aria-hidden />
              </button>
            </li>
          ))
        )}
      </ul>
      <div className="flex flex-wrap gap-2">
        <div className="min-w-36 flex-1">
          <NativeSelect
            id={kind === 'state' ? id : `${id}-state`}
            aria-label={kind === 'city' ? 'State of the city to add' : 'State to add'}
            value={state}
            onChange={(e) => {
              setState(e.target.value)
              setCity('')
            }}
          >
            <option value="">{states.isPending ? 'Loading states...' : 'Choose a state'}</option>
            {states.data?.map((s) => (
              <option key={s}>{s}</option>
            ))}
          </NativeSelect>
        </div>
        {kind === 'city' && (
          <div className="min-w-36 flex-1">
            <NativeSelect id={id} aria-label="City to add" value={city} disabled={!state} onChange={(e) => setCity(e.target.value)}>
              <option value="">{state && cities.isPending ? 'Loading cities...' : 'Choose a city'}</option>
              {cities.data?.map((c) => (
                <option key={c}>{c}</option>
              ))}
            </NativeSelect>
          </div>
        )}
        <Button type="button" variant="outline" onClick={add} disabled={!pick || places.includes(pick)}>
          Add
        </Button>
      </div>
      <p className="text-xs text-muted-foreground">
        {kind === 'city' ? 'Empty means all cities.' : 'Empty means all states.'} A renamed city is listed under its current name.
      </p>
      <FormMessage>{error}</FormMessage>
    </div>
  )
}
