import { Controller, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { NativeSelect } from '@/components/ui/native-select'
import { CheckboxField } from '@/features/properties/components/checkbox-field'
import type { PropertyFormValues } from '@/features/properties/lib/property-form-values'
import { typeFields } from '@/features/properties/lib/property-options'
import type { PropertyType } from '@/lib/api-schemas'

type TypeSpecificFieldsProps = {
  propertyType: PropertyType
  control: Control<PropertyFormValues>
  register: UseFormRegister<PropertyFormValues>
  errors: FieldErrors<PropertyFormValues>
}

/** The fields of one property type (docs/product.md#listing-form), laid out in a grid. */
export function TypeSpecificFields({ propertyType, control, register, errors }: TypeSpecificFieldsProps) {
  return (
    <div className="grid items-start gap-4 sm:grid-cols-2" data-testid="type-specific-fields">
      {typeFields[propertyType].map((def) => {
        const id = `property-${def.name}`
        if (def.kind === 'checkbox') {
          return (
            <Controller
              key={def.name}
              control={control}
              name={def.name}
              render={({ field }) => (
                <CheckboxField id={id} label={def.label} checked={field.value} onCheckedChange={field.onChange} className="self-end pb-2" />
              )}
            />
          )
        }
        return (
          <Field key={def.name} id={id} label={def.label} error={errors[def.name]?.message}>
            {def.kind === 'select' ? (
              <NativeSelect {...register(def.name)}>
                <option value="">Select</option>
                {def.options.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </NativeSelect>
            ) : (
              <Input
                type={def.kind === 'text' ? 'text' : 'number'}
                inputMode={def.kind === 'integer' ? 'numeric' : def.kind === 'decimal' ? 'decimal' : undefined}
                min={def.kind === 'text' ? undefined : 0}
                step={def.kind === 'integer' ? 1 : def.kind === 'decimal' ? (def.step ?? 'any') : undefined}
                placeholder={def.placeholder}
                {...register(def.name)}
              />
            )}
          </Field>
        )
      })}
    </div>
  )
}
