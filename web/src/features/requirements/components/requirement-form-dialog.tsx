import type * as React from 'react'
import { Loader2 } from 'lucide-react'
import { Controller, useWatch, type FieldErrors } from 'react-hook-form'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, useUnsavedChanges } from '@/components/ui/dialog'
import { Field, FieldSet } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { NativeSelect } from '@/components/ui/native-select'
import { RadioGroup } from '@/components/ui/radio-group'
import { Textarea } from '@/components/ui/textarea'
import { toast } from '@/components/ui/use-toast'
import { untilSettled, useZodForm } from '@/components/ui/use-zod-form'
import { createRequirement, updateRequirement } from '@/features/requirements/api/save-requirement'
import {
  emptyRequirementForm,
  formValuesFromRequirement,
  requirementBody,
  requirementFormSchema,
  requirementUpdateBody,
  type RequirementFormValues,
} from '@/features/requirements/lib/requirement-form-values'
import { areaLabel, timelineOptions } from '@/features/requirements/lib/requirement-labels'
import { bedroomChoices, hasBedrooms, PROPERTY_TYPES } from '@/shared/listing-vocabulary'
import { saveErrorMessage, type ApiError } from '@/lib/api-client'
import { useApiMutation } from '@/lib/api-mutation'
import { StateCityField } from '@/components/state-city-field'
import { PropertyTypeOption } from '@/components/property-type-option'
import type { Requirement } from '@/lib/api-schemas'
import { priceInWords } from '@/shared/price-words'
import { formatIndianPhone, indianPhone } from '@/lib/phone-normalize'

type RequirementFormDialogProps = {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The requirement to edit; absent to post a new one. */
  requirement?: Requirement | null
  onSaved?: (requirement: Requirement) => void
}

/** Add or edit a client requirement in a dialog (docs/product.md#requirement-form). */
export function RequirementFormDialog({ open, onOpenChange, requirement, onSaved }: RequirementFormDialogProps) {
  const editing = !!requirement
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{editing ? 'Edit Client Requirement' : 'Post Client Requirement'}</DialogTitle>
          <DialogDescription>
            Describe what your client is looking for; matching properties from other agents appear automatically.
          </DialogDescription>
        </DialogHeader>
        <RequirementForm
          key={requirement?.id ?? 'new'}
          requirement={requirement ?? null}
          onSaved={(saved) => {
            onOpenChange(false)
            onSaved?.(saved)
          }}
        />
      </DialogContent>
    </Dialog>
  )
}

/** The requirement form itself; also hosted by the /test-requirements page. */
export function RequirementForm({ requirement, onSaved }: { requirement: Requirement | null; onSaved?: (r: Requirement) => void }) {
  const editing = !!requirement
  const form = useZodForm(requirementFormSchema, requirement ? formValuesFromRequirement(requirement) : emptyRequirementForm)
  const { errors, isSubmitting } = form.formState
  // Closing the dialog (or Back) with unsaved input asks first.
  useUnsavedChanges(form.formState.isDirty)
  const propertyType = useWatch({ control: form.control, name: 'propertyType' })
  const agricultural = propertyType === 'agricultural'
  const [minPrice, maxPrice] = useWatch({ control: form.control, name: ['minPrice', 'maxPrice'] })

  const toasts = {
    successToast: editing ? 'Requirement updated successfully' : 'Requirement posted successfully',
    errorToast: (error: ApiError) => ({
      variant: 'destructive' as const,
      title: 'Error',
      description: saveErrorMessage(error, editing ? 'Failed to update requirement' : 'Failed to post requirement'),
    }),
  }
  const onSuccess = (saved: Requirement) => {
    if (!editing) form.reset(emptyRequirementForm)
    onSaved?.(saved)
  }
  const create = useApiMutation(createRequirement, { ...toasts, onSuccess })
  const update = useApiMutation(updateRequirement, { ...toasts, onSuccess })
  const pending = create.isPending || update.isPending

  const onInvalid = (invalid: FieldErrors<RequirementFormValues>) => {
    if (invalid.propertyType) toast({ variant: 'destructive', title: 'Please select a property type' })
  }

  const onSubmit = form.handleSubmit((values) => {
    return untilSettled(
      requirement
        ? update.mutateAsync({ id: requirement.id, body: requirementUpdateBody(values, requirement) })
        : create.mutateAsync(requirementBody(values)),
    )
  }, onInvalid)

  const fieldProps = (name: keyof RequirementFormValues, label: string) => ({
    id: `requirement-${name}`,
    label,
    error: errors[name]?.message,
    className: 'min-w-0 content-start',
  })

  return (
    <form className="grid gap-4" noValidate onSubmit={onSubmit} data-testid="requirement-form">
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <Field {...fieldProps('clientName', 'Client Name')}>
          <Input {...form.register('clientName')} />
        </Field>
        <Field {...fieldProps('clientPhone', 'Client Phone')} hint="Indian mobile; +91 is added if missing">
          <Input
            type="tel"
            inputMode="tel"
            autoComplete="off"
            placeholder="+91 98450 12345"
            {...form.register('clientPhone', {
              // Show the number as it will be saved once it reads as one.
              onBlur: (e: React.FocusEvent<HTMLInputElement>) => {
                const phone = indianPhone(e.target.value)
                if (phone) form.setValue('clientPhone', formatIndianPhone(phone), { shouldValidate: form.formState.isSubmitted })
              },
            })}
          />
        </Field>
      </div>
      <Field {...fieldProps('clientEmail', 'Client Email (optional)')}>
        <Input type="email" {...form.register('clientEmail')} />
      </Field>
      <FieldSet legend="Property Type">
        <Controller
          control={form.control}
          name="propertyType"
          render={({ field }) => (
            <RadioGroup
              value={field.value}
              onValueChange={field.onChange}
              aria-label="Property Type"
              aria-invalid={!!errors.propertyType}
              className="grid-cols-[repeat(auto-fill,minmax(7.5rem,1fr))]"
            >
              {PROPERTY_TYPES.map((type) => (
                <PropertyTypeOption key={type} id={`requirement-type-${type}`} type={type} />
              ))}
            </RadioGroup>
          )}
        />
      </FieldSet>
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <Field {...fieldProps('listingPurpose', 'Listing Purpose')}>
          <NativeSelect {...form.register('listingPurpose')}>
            <option value="forSale">For Sale</option>
            <option value="forRent">For Rent</option>
            <option value="forLease">For Lease</option>
          </NativeSelect>
        </Field>
        <Field {...fieldProps('timeline', 'Timeline')}>
          <NativeSelect {...form.register('timeline')}>
            {timelineOptions.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
            {requirement?.timeline === 'flexible' && <option value="flexible">Flexible</option>}
          </NativeSelect>
        </Field>
      </div>
      <div className="grid items-start gap-4 sm:grid-cols-2">
        {/* The amounts in words keep their line (min-h-4) while empty, so the form does not jump, as the property price does. */}
        <Field
          {...fieldProps('minPrice', 'Min Budget (₹)')}
          hint={priceInWords(minPrice)}
          hintProps={{ className: 'min-h-4', 'data-testid': 'min-budget-in-words' }}
        >
          <Input type="number" min={0} inputMode="numeric" {...form.register('minPrice')} />
        </Field>
        <Field
          {...fieldProps('maxPrice', 'Max Budget (₹)')}
          hint={priceInWords(maxPrice)}
          hintProps={{ className: 'min-h-4', 'data-testid': 'max-budget-in-words' }}
        >
          <Input type="number" min={0} inputMode="numeric" {...form.register('maxPrice')} />
        </Field>
      </div>
      <StateCityField control={form.control} stateName="preferredState" cityName="preferredCity" idPrefix="requirement" />
      <Field {...fieldProps('preferredLocalities', 'Preferred Localities')}>
        <Input placeholder="Gachibowli, Kondapur, Madhapur" {...form.register('preferredLocalities')} />
      </Field>
      {hasBedrooms(propertyType) && (
        <Field {...fieldProps('bedrooms', 'Bedrooms')}>
          <NativeSelect {...form.register('bedrooms')}>
            <option value="">Any</option>
            {bedroomChoices.requirement.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </NativeSelect>
        </Field>
      )}
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <Field {...fieldProps('minArea', `Min ${areaLabel(propertyType)}`)}>
          <Input type="number" min={0} step={agricultural ? 0.5 : 1} {...form.register('minArea')} />
        </Field>
        <Field {...fieldProps('maxArea', `Max ${areaLabel(propertyType)}`)}>
          <Input type="number" min={0} step={agricultural ? 0.5 : 1} {...form.register('maxArea')} />
        </Field>
      </div>
      <Field {...fieldProps('specialRequirements', 'Special Requirements')}>
        <Textarea rows={3} placeholder="Facing, floor, parking, schools nearby..." {...form.register('specialRequirements')} />
      </Field>
      <Button type="submit" className="w-full" disabled={isSubmitting || pending} data-testid="requirement-submit">
        {pending && <Loader2 className="animate-spin" />}
        {pending ? (editing ? 'Updating...' : 'Posting...') : editing ? 'Update Requirement' : 'Post Requirement'}
      </Button>
    </form>
  )
}
