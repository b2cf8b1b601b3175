import * as React from 'react'
import { zodResolver } from '@hookform/resolvers/zod'
import { Loader2 } from 'lucide-react'
import { Controller, useForm, type FieldErrors } from 'react-hook-form'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { FormMessage } from '@/components/ui/form-message'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { NativeSelect } from '@/components/ui/native-select'
import { RadioGroup } from '@/components/ui/radio-group'
import { Textarea } from '@/components/ui/textarea'
import { toast } from '@/components/ui/use-toast'
import { useCreateRequirement } from '@/features/requirements/api/create-requirement'
import { useUpdateRequirement } from '@/features/requirements/api/update-requirement'
import {
  emptyRequirementForm,
  formValuesFromRequirement,
  requirementBody,
  requirementFormSchema,
  requirementUpdateBody,
  type RequirementFormValues,
} from '@/features/requirements/lib/requirement-form-values'
import { areaLabel, hasBedrooms, propertyTypeOptions, timelineOptions } from '@/features/requirements/lib/requirement-labels'
import { saveErrorMessage } from '@/features/requirements/lib/save-error'
import { StateCityField } from '@/features/locations/components/state-city-field'
import { PropertyTypeOption } from '@/features/properties/components/property-type-option'
import type { Requirement } from '@/lib/api-schemas'

type RequirementFormDialogProps = {
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The requirement to edit; absent to post a new one. */
  requirement?: Requirement | null
  onSaved?: (requirement: Requirement) => void
}

/** Add or edit a client requirement in a dialog (spec part 1 sections 2 and 5). */
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

const bedroomOptions = [
  { value: '1', label: '1 BHK' },
  { value: '2', label: '2 BHK' },
  { value: '3', label: '3 BHK' },
  { value: '4', label: '4+ BHK' },
]

/** The requirement form itself; also hosted by the /test-requirements page. */
export function RequirementForm({ requirement, onSaved }: { requirement: Requirement | null; onSaved?: (r: Requirement) => void }) {
  const editing = !!requirement
  const form = useForm<RequirementFormValues>({
    resolver: zodResolver(requirementFormSchema),
    defaultValues: requirement ? formValuesFromRequirement(requirement) : emptyRequirementForm,
  })
  const { errors } = form.formState
  const propertyType = form.watch('propertyType')
  const agricultural = propertyType === 'agricultural'

  const onError = (error: Parameters<typeof saveErrorMessage>[0]) => {
    const fallback = editing ? 'Failed to update requirement' : 'Failed to post requirement'
    toast({ variant: 'destructive', title: 'Error', description: saveErrorMessage(error, fallback) })
  }
  const onSuccess = (saved: Requirement) => {
    toast({ variant: 'success', title: editing ? 'Requirement updated successfully' : 'Requirement posted successfully' })
    if (!editing) form.reset(emptyRequirementForm)
    onSaved?.(saved)
  }
  const create = useCreateRequirement({ onSuccess, onError })
  const update = useUpdateRequirement({ onSuccess, onError })
  const pending = create.isPending || update.isPending

  const onInvalid = (invalid: FieldErrors<RequirementFormValues>) => {
    if (invalid.propertyType) toast({ variant: 'destructive', title: 'Please select a property type' })
  }

  const onSubmit = form.handleSubmit((values) => {
    if (requirement) update.mutate({ id: requirement.id, body: requirementUpdateBody(values, requirement) })
    else create.mutate(requirementBody(values))
  }, onInvalid)

  const field = (name: keyof RequirementFormValues, label: string, input: React.ReactNode) => (
    <div className="grid min-w-0 content-start gap-2">
      <Label htmlFor={`requirement-${name}`}>{label}</Label>
      {input}
      <FormMessage>{errors[name]?.message}</FormMessage>
    </div>
  )

  return (
    <form className="grid gap-4" noValidate onSubmit={onSubmit} data-testid="requirement-form">
      <div className="grid items-start gap-4 sm:grid-cols-2">
        {field('clientName', 'Client Name', <Input id="requirement-clientName" aria-invalid={!!errors.clientName} {...form.register('clientName')} />)}
        {field(
          'clientPhone',
          'Client Phone',
          <div className="flex">
            <span className="flex items-center rounded-l-md border border-r-0 border-slate-300 bg-slate-50 px-3 text-sm text-slate-600">+91</span>
            <Input
              id="requirement-clientPhone"
              className="rounded-l-none"
              inputMode="numeric"
              maxLength={10}
              placeholder="9876543210"
              aria-invalid={!!errors.clientPhone}
              {...form.register('clientPhone')}
            />
          </div>,
        )}
      </div>
      {field(
        'clientEmail',
        'Client Email (optional)',
        <Input id="requirement-clientEmail" type="email" aria-invalid={!!errors.clientEmail} {...form.register('clientEmail')} />,
      )}
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium text-slate-800">Property Type</legend>
        <Controller
          control={form.control}
          name="propertyType"
          render={({ field: f }) => (
            <RadioGroup
              value={f.value}
              onValueChange={f.onChange}
              aria-label="Property Type"
              aria-invalid={!!errors.propertyType}
              className="grid-cols-2 sm:grid-cols-3 md:grid-cols-5"
            >
              {propertyTypeOptions.map((type) => (
                <PropertyTypeOption key={type} id={`requirement-type-${type}`} type={type} />
              ))}
            </RadioGroup>
          )}
        />
      </fieldset>
      <div className="grid items-start gap-4 sm:grid-cols-2">
        {field(
          'listingPurpose',
          'Listing Purpose',
          <NativeSelect id="requirement-listingPurpose" {...form.register('listingPurpose')}>
            <option value="forSale">For Sale</option>
            <option value="forRent">For Rent</option>
            <option value="forLease">For Lease</option>
          </NativeSelect>,
        )}
        {field(
          'timeline',
          'Timeline',
          <NativeSelect id="requirement-timeline" {...form.register('timeline')}>
            {timelineOptions.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
            {requirement?.timeline === 'flexible' && <option value="flexible">Flexible</option>}
          </NativeSelect>,
        )}
      </div>
      <div className="grid items-start gap-4 sm:grid-cols-2">
        {field('minPrice', 'Min Budget (₹)', <Input id="requirement-minPrice" type="number" min={0} inputMode="numeric" aria-invalid={!!errors.minPrice} {...form.register('minPrice')} />)}
        {field('maxPrice', 'Max Budget (₹)', <Input id="requirement-maxPrice" type="number" min={0} inputMode="numeric" aria-invalid={!!errors.maxPrice} {...form.register('maxPrice')} />)}
      </div>
      <StateCityField control={form.control} stateName="preferredState" cityName="preferredCity" idPrefix="requirement" />
      {field(
        'preferredLocalities',
        'Preferred Localities',
        <Input id="requirement-preferredLocalities" placeholder="Gachibowli, Kondapur, Madhapur" {...form.register('preferredLocalities')} />,
      )}
      {hasBedrooms(propertyType) &&
        field(
          'bedrooms',
          'Bedrooms',
          <NativeSelect id="requirement-bedrooms" {...form.register('bedrooms')}>
            <option value="">Any</option>
            {bedroomOptions.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </NativeSelect>,
        )}
      <div className="grid items-start gap-4 sm:grid-cols-2">
        {field(
          'minArea',
          `Min ${areaLabel(propertyType)}`,
          <Input id="requirement-minArea" type="number" min={0} step={agricultural ? 0.5 : 1} aria-invalid={!!errors.minArea} {...form.register('minArea')} />,
        )}
        {field(
          'maxArea',
          `Max ${areaLabel(propertyType)}`,
          <Input id="requirement-maxArea" type="number" min={0} step={agricultural ? 0.5 : 1} aria-invalid={!!errors.maxArea} {...form.register('maxArea')} />,
        )}
      </div>
      {field(
        'specialRequirements',
        'Special Requirements',
        <Textarea
          id="requirement-specialRequirements"
          rows={3}
          placeholder="Facing, floor, parking, schools nearby..."
          {...form.register('specialRequirements')}
        />,
      )}
      <Button type="submit" className="w-full" disabled={pending} data-testid="requirement-submit">
        {pending && <Loader2 className="animate-spin" />}
        {pending ? (editing ? 'Updating...' : 'Posting...') : editing ? 'Update Requirement' : 'Post Requirement'}
      </Button>
    </form>
  )
}
