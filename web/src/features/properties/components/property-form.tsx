import { Loader2 } from 'lucide-react'
import { Controller, useWatch } from 'react-hook-form'
import { Button } from '@/components/ui/button'
import { useUnsavedChanges } from '@/components/ui/dialog'
import { Field, FieldSet } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { NativeSelect } from '@/components/ui/native-select'
import { RadioGroup } from '@/components/ui/radio-group'
import { Textarea } from '@/components/ui/textarea'
import { toast } from '@/components/ui/use-toast'
import { setServerErrors, untilSettled, useZodForm } from '@/components/ui/use-zod-form'
import { StateCityField } from '@/components/state-city-field'
import { createProperty, updateProperty } from '@/features/properties/api/save-property'
import { AmenitiesChecklist } from '@/features/properties/components/amenities-checklist'
import { CheckboxField } from '@/features/properties/components/checkbox-field'
import { ImageUpload } from '@/features/properties/components/image-upload'
import { PropertyTypeOption } from '@/components/property-type-option'
import { TypeSpecificFields } from '@/features/properties/components/type-specific-fields'
import {
  clearedTypeFields,
  defaultPropertyFormValues,
  formValuesToPropertyInput,
  propertyFormSchema,
  propertyToFormValues,
  type PropertyFormValues,
} from '@/features/properties/lib/property-form-values'
import { saveErrorMessage, type ApiError } from '@/lib/api-client'
import { useApiMutation } from '@/lib/api-mutation'
import type { Property } from '@/lib/api-schemas'
import { priceFieldLabel } from '@/shared/format'
import { LISTING_PURPOSES, PROPERTY_TYPES, listingPurposeLabel, propertyTypeLabel } from '@/shared/listing-vocabulary'
import { priceInWords } from '@/shared/price-words'

/** The toast text of a failed save (docs/product.md#listing-form). */
export function saveErrorDescription(error: ApiError, isEdit: boolean) {
  return saveErrorMessage(error, isEdit ? 'Failed to update property' : 'Failed to create property')
}

type PropertyFormProps = {
  property?: Property
  onDone: () => void
  /** Called with the saved listing (its `possibleDuplicates` set) before onDone. */
  onSaved?: (saved: Property) => void
}

/** The add / edit property form (docs/product.md#listing-form). */
export function PropertyForm({ property, onDone, onSaved }: PropertyFormProps) {
  const isEdit = !!property
  const form = useZodForm(propertyFormSchema, property ? propertyToFormValues(property) : defaultPropertyFormValues())
  const { errors, isSubmitting } = form.formState
  // Closing the dialog (or Back) with unsaved input asks first.
  useUnsavedChanges(form.formState.isDirty)
  const [propertyType, listingPurpose, price] = useWatch({ control: form.control, name: ['propertyType', 'listingPurpose', 'price'] })

  const onError = (error: ApiError) => {
    // Under the top-level field (a photo's error under the photos, saying which: "Photo 3: …").
    setServerErrors(form, error.errors, ({ path, message }) => {
      const photo = /^images[.[](\d+)/.exec(path)
      return { path: path.split(/[.[]/)[0] ?? '', message: photo ? `Photo ${Number(photo[1]) + 1}: ${message}` : message }
    })
    toast({ variant: 'destructive', title: 'Error', description: saveErrorDescription(error, isEdit) })
  }
  const onSuccess = (saved: Property) => {
    onSaved?.(saved)
    onDone()
  }
  const createMutation = useApiMutation(createProperty, { successToast: 'Property created successfully', onSuccess, onError })
  const updateMutation = useApiMutation(updateProperty, { successToast: 'Property updated successfully', onSuccess, onError })
  const isPending = createMutation.isPending || updateMutation.isPending

  const onSubmit = form.handleSubmit((values) => {
    const body = formValuesToPropertyInput(values, property)
    return untilSettled(property ? updateMutation.mutateAsync({ id: property.id, body }) : createMutation.mutateAsync(body))
  })

  const words = priceInWords(price)

  return (
    <form className="grid gap-5" noValidate onSubmit={onSubmit} data-testid="property-form">
      <FieldSet legend="Property Type">
        <Controller
          control={form.control}
          name="propertyType"
          render={({ field }) => (
            <RadioGroup
              value={field.value}
              aria-label="Property Type"
              className="grid-cols-[repeat(auto-fill,minmax(7.5rem,1fr))]"
              onValueChange={(value) => {
                if (value === field.value) return
                // A new form starts the type's fields afresh; an edit keeps what is stored.
                if (!isEdit) {
                  for (const [name, cleared] of Object.entries(clearedTypeFields())) {
                    form.setValue(name as keyof PropertyFormValues, cleared, { shouldDirty: true })
                  }
                }
                field.onChange(value)
              }}
            >
              {PROPERTY_TYPES.map((type) => (
                <PropertyTypeOption key={type} id={`property-type-${type}`} type={type} />
              ))}
            </RadioGroup>
          )}
        />
      </FieldSet>

      <div className="grid items-start gap-4 sm:grid-cols-2">
        <Field id="property-listing-purpose" label="Listing Purpose" className="content-start">
          <NativeSelect {...form.register('listingPurpose')}>
            {LISTING_PURPOSES.map((purpose) => (
              <option key={purpose} value={purpose}>
                {listingPurposeLabel(purpose)}
              </option>
            ))}
          </NativeSelect>
        </Field>
        {/* The amount in words keeps its line (min-h-4) while empty, so the form does not jump. */}
        <Field
          id="property-price"
          label={priceFieldLabel(listingPurpose)}
          className="content-start"
          error={errors.price?.message}
          hint={words}
          hintProps={{ className: 'min-h-4', 'data-testid': 'price-in-words' }}
        >
          <Input type="number" inputMode="decimal" min={0} step="any" {...form.register('price')} />
        </Field>
      </div>

      <Field id="property-title" label="Title" error={errors.title?.message}>
        <Input placeholder="e.g. 3 BHK apartment in Gachibowli" {...form.register('title')} />
      </Field>

      <StateCityField control={form.control} stateName="state" cityName="city" idPrefix="property" />

      <div className="grid items-start gap-4 sm:grid-cols-2">
        <Field id="property-locality" label="Locality" error={errors.locality?.message}>
          <Input {...form.register('locality')} />
        </Field>
        <Field id="property-pincode" label="Pincode" error={errors.pincode?.message}>
          <Input inputMode="numeric" maxLength={6} {...form.register('pincode')} />
        </Field>
      </div>

      <Field id="property-address" label="Address" error={errors.address?.message}>
        <Textarea rows={2} {...form.register('address')} />
      </Field>

      <div className="flex flex-wrap gap-x-6 gap-y-2">
        {(
          [
            ['hasLegalDocs', 'Legal documents available'],
            ['reraApproved', 'RERA approved'],
            ['isActive', 'Active listing'],
          ] as const
        ).map(([name, label]) => (
          <Controller
            key={name}
            control={form.control}
            name={name}
            render={({ field }) => (
              <CheckboxField id={`property-${name}`} label={label} checked={field.value} onCheckedChange={field.onChange} />
            )}
          />
        ))}
      </div>

      <section className="grid gap-3 rounded-lg border border-border p-4">
        <h3 className="text-sm font-semibold text-foreground">{propertyTypeLabel(propertyType)} Details</h3>
        <TypeSpecificFields propertyType={propertyType} control={form.control} register={form.register} errors={errors} />
      </section>

      <Controller
        control={form.control}
        name="amenities"
        render={({ field }) => <AmenitiesChecklist propertyType={propertyType} value={field.value} onChange={field.onChange} />}
      />

      <div className="grid gap-2">
        <span className="text-sm font-medium text-foreground">Photos (up to 10; the first is the cover)</span>
        <Controller
          control={form.control}
          name="images"
          render={({ field }) => <ImageUpload value={field.value} onChange={field.onChange} error={errors.images?.message} />}
        />
      </div>

      <Field id="property-description" label="Description" error={errors.description?.message}>
        <Textarea rows={4} {...form.register('description')} />
      </Field>

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onDone} disabled={isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting || isPending} data-testid="property-submit">
          {isPending && <Loader2 className="animate-spin" />}
          {isPending ? (isEdit ? 'Updating...' : 'Publishing...') : isEdit ? 'Update Property' : 'Publish Property'}
        </Button>
      </div>
    </form>
  )
}
