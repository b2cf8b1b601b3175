import { zodResolver } from '@hookform/resolvers/zod'
import { Loader2 } from 'lucide-react'
import { Controller, useForm } from 'react-hook-form'
import { Button } from '@/components/ui/button'
import { FormMessage } from '@/components/ui/form-message'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { NativeSelect } from '@/components/ui/native-select'
import { RadioGroup } from '@/components/ui/radio-group'
import { Textarea } from '@/components/ui/textarea'
import { toast } from '@/components/ui/use-toast'
import { StateCityField } from '@/features/locations/components/state-city-field'
import { useCreateProperty } from '@/features/properties/api/create-property'
import { useUpdateProperty } from '@/features/properties/api/update-property'
import { AmenitiesChecklist } from '@/features/properties/components/amenities-checklist'
import { CheckboxField } from '@/features/properties/components/checkbox-field'
import { ImageUpload } from '@/features/properties/components/image-upload'
import { PropertyTypeOption } from '@/features/properties/components/property-type-option'
import { TypeSpecificFields } from '@/features/properties/components/type-specific-fields'
import {
  clearedTypeFields,
  defaultPropertyFormValues,
  formValuesToPropertyInput,
  propertyFormSchema,
  propertyToFormValues,
  type PropertyFormValues,
} from '@/features/properties/lib/property-form-values'
import { LISTING_PURPOSES, PROPERTY_TYPES } from '@/features/properties/lib/property-options'
import type { ApiError } from '@/lib/api-client'
import type { Property } from '@/lib/api-schemas'
import { listingPurposeLabel, priceFieldLabel, priceInWords, propertyTypeLabel } from '@/lib/format'

/** The toast text of a failed save (spec part 1 section 8). */
export function saveErrorDescription(error: ApiError, isEdit: boolean) {
  if (error.message) return error.message
  const fieldErrors = error.errors?.map((e) => `${e.path}: ${e.message}`).join(', ')
  if (fieldErrors) return fieldErrors
  return isEdit ? 'Failed to update property' : 'Failed to create property'
}

type PropertyFormProps = {
  property?: Property
  onDone: () => void
}

/** The add / edit property form (spec part 1 sections 2, 4 and 5). */
export function PropertyForm({ property, onDone }: PropertyFormProps) {
  const isEdit = !!property
  const form = useForm<PropertyFormValues>({
    resolver: zodResolver(propertyFormSchema),
    defaultValues: property ? propertyToFormValues(property) : defaultPropertyFormValues(),
  })
  const { errors } = form.formState
  const [propertyType, listingPurpose, price] = form.watch(['propertyType', 'listingPurpose', 'price'])

  const createMutation = useCreateProperty()
  const updateMutation = useUpdateProperty()
  const isPending = createMutation.isPending || updateMutation.isPending

  const onError = (error: ApiError) => {
    const values = form.getValues()
    error.errors?.forEach((fieldError) => {
      const name = fieldError.path.split(/[.[]/)[0] ?? ''
      if (name in values) form.setError(name as keyof PropertyFormValues, { message: fieldError.message })
    })
    toast({ variant: 'destructive', title: 'Error', description: saveErrorDescription(error, isEdit) })
  }

  const onSubmit = form.handleSubmit((values) => {
    const body = formValuesToPropertyInput(values, property)
    if (property) {
      updateMutation.mutate(
        { id: property.id, body },
        {
          onSuccess: () => {
            toast({ variant: 'success', title: 'Property updated successfully' })
            onDone()
          },
          onError,
        },
      )
    } else {
      createMutation.mutate(body, {
        onSuccess: () => {
          toast({ variant: 'success', title: 'Property created successfully' })
          onDone()
        },
        onError,
      })
    }
  })

  const words = priceInWords(price)

  return (
    <form className="grid gap-5" noValidate onSubmit={onSubmit} data-testid="property-form">
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium text-slate-800">Property Type</legend>
        <Controller
          control={form.control}
          name="propertyType"
          render={({ field }) => (
            <RadioGroup
              value={field.value}
              aria-label="Property Type"
              className="grid-cols-2 sm:grid-cols-3 md:grid-cols-5"
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
      </fieldset>

      <div className="grid items-start gap-4 sm:grid-cols-2">
        <div className="grid content-start gap-2">
          <Label htmlFor="property-listing-purpose">Listing Purpose</Label>
          <NativeSelect id="property-listing-purpose" {...form.register('listingPurpose')}>
            {LISTING_PURPOSES.map((purpose) => (
              <option key={purpose} value={purpose}>
                {listingPurposeLabel(purpose)}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid content-start gap-2">
          <Label htmlFor="property-price">{priceFieldLabel(listingPurpose)}</Label>
          <Input
            id="property-price"
            type="number"
            inputMode="decimal"
            min={0}
            step="any"
            aria-invalid={!!errors.price}
            aria-describedby="property-price-words"
            {...form.register('price')}
          />
          <p id="property-price-words" className="min-h-4 text-xs text-slate-500" data-testid="price-in-words">
            {words}
          </p>
          <FormMessage>{errors.price?.message}</FormMessage>
        </div>
      </div>

      <div className="grid gap-2">
        <Label htmlFor="property-title">Title</Label>
        <Input id="property-title" placeholder="e.g. 3 BHK apartment in Gachibowli" aria-invalid={!!errors.title} {...form.register('title')} />
        <FormMessage>{errors.title?.message}</FormMessage>
      </div>

      <StateCityField control={form.control} stateName="state" cityName="city" idPrefix="property" />

      <div className="grid items-start gap-4 sm:grid-cols-2">
        <div className="grid gap-2">
          <Label htmlFor="property-locality">Locality</Label>
          <Input id="property-locality" aria-invalid={!!errors.locality} {...form.register('locality')} />
          <FormMessage>{errors.locality?.message}</FormMessage>
        </div>
        <div className="grid gap-2">
          <Label htmlFor="property-pincode">Pincode</Label>
          <Input id="property-pincode" inputMode="numeric" maxLength={6} aria-invalid={!!errors.pincode} {...form.register('pincode')} />
          <FormMessage>{errors.pincode?.message}</FormMessage>
        </div>
      </div>

      <div className="grid gap-2">
        <Label htmlFor="property-address">Address</Label>
        <Textarea id="property-address" rows={2} aria-invalid={!!errors.address} {...form.register('address')} />
        <FormMessage>{errors.address?.message}</FormMessage>
      </div>

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
            render={({ field }) => <CheckboxField id={`property-${name}`} label={label} checked={field.value} onCheckedChange={field.onChange} />}
          />
        ))}
      </div>

      <section className="grid gap-3 rounded-lg border border-slate-200 p-4">
        <h3 className="text-sm font-semibold text-slate-900">{propertyTypeLabel(propertyType)} Details</h3>
        <TypeSpecificFields propertyType={propertyType} control={form.control} register={form.register} errors={errors} />
      </section>

      <Controller
        control={form.control}
        name="amenities"
        render={({ field }) => <AmenitiesChecklist propertyType={propertyType} value={field.value} onChange={field.onChange} />}
      />

      <div className="grid gap-2">
        <span className="text-sm font-medium text-slate-800">Image</span>
        <Controller
          control={form.control}
          name="images"
          render={({ field }) => <ImageUpload value={field.value} onChange={field.onChange} error={errors.images?.message} />}
        />
      </div>

      <div className="grid gap-2">
        <Label htmlFor="property-description">Description</Label>
        <Textarea id="property-description" rows={4} aria-invalid={!!errors.description} {...form.register('description')} />
        <FormMessage>{errors.description?.message}</FormMessage>
      </div>

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onDone} disabled={isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={isPending} data-testid="property-submit">
          {isPending && <Loader2 className="animate-spin" />}
          {isPending ? (isEdit ? 'Updating...' : 'Publishing...') : isEdit ? 'Update Property' : 'Publish Property'}
        </Button>
      </div>
    </form>
  )
}
