import { Loader2 } from 'lucide-react'
import { useFieldArray, type FieldErrors } from 'react-hook-form'
import { Button } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { Textarea } from '@/components/ui/textarea'
import { setServerErrors, untilSettled, useZodForm } from '@/components/ui/use-zod-form'
import type { AdminBillingPlan } from '@/features/admin/api/get-admin-billing'
import { saveBillingPlans } from '@/features/admin/api/save-billing'
import { planFieldPath, plansBody, plansFormOf, plansFormSchema, type PlansForm } from '@/features/admin/lib/billing-form'
import { useApiMutation } from '@/lib/api-mutation'

type PlanErrors = FieldErrors<PlansForm['plans'][number]>

/**
 * The three plans: prices, lead price, limits, features and the landing page's words for them. The
 * enforced limits and the landing page's pricing read these same rows (docs/product.md#billing).
 */
export function BillingPlansEditor({ plans }: { plans: AdminBillingPlan[] }) {
  const form = useZodForm(plansFormSchema, plansFormOf(plans))
  const { fields } = useFieldArray({ control: form.control, name: 'plans' })
  const { isSubmitting, errors } = form.formState
  const save = useApiMutation(saveBillingPlans, {
    successToast: 'Plans saved',
    errorToast: 'Could not save the plans',
    onSuccess: (saved) => form.reset(plansFormOf(saved)),
    onError: (e) => setServerErrors(form, e.errors, ({ path, message }) => ({ path: planFieldPath(path), message })),
  })
  const onSubmit = form.handleSubmit((values) => untilSettled(save.mutateAsync(plansBody(values))))
  return (
    <form className="grid gap-4" onSubmit={onSubmit} noValidate data-testid="billing-plans-editor">
      <div className="grid gap-4 xl:grid-cols-3">
        {fields.map((field, i) => {
          const e: PlanErrors = errors.plans?.[i] ?? {}
          const id = (name: string) => `plan-${field.id}-${name}`
          return (
            <fieldset key={field.id} className="grid content-start gap-3 rounded-lg border border-border p-3" data-testid="plan-fields">
              <legend className="px-1 text-sm font-semibold text-foreground">{plans[i]?.name ?? field.id}</legend>
              <Field id={id('name')} label="Name" error={e.name?.message}>
                <Input {...form.register(`plans.${i}.name`)} />
              </Field>
              <div className="grid grid-cols-2 gap-3">
                <Field id={id('price')} label="Price a month (₹)" error={e.price?.message}>
                  <Input inputMode="decimal" {...form.register(`plans.${i}.price`)} />
                </Field>
                <Field id={id('leadPrice')} label="Lead price (₹)" error={e.leadPrice?.message}>
                  <Input inputMode="decimal" {...form.register(`plans.${i}.leadPrice`)} />
                </Field>
                <Field id={id('listings')} label="Active listings" error={e.listings?.message}>
                  <Input inputMode="numeric" {...form.register(`plans.${i}.listings`)} />
                </Field>
                <Field id={id('requirements')} label="Active requirements" error={e.requirements?.message}>
                  <Input inputMode="numeric" {...form.register(`plans.${i}.requirements`)} />
                </Field>
                <Field id={id('priceText')} label="Price as shown" error={e.priceText?.message}>
                  <Input {...form.register(`plans.${i}.priceText`)} />
                </Field>
                <Field id={id('periodText')} label="Period as shown" error={e.periodText?.message}>
                  <Input {...form.register(`plans.${i}.periodText`)} />
                </Field>
              </div>
              <Field id={id('description')} label="Description" error={e.description?.message}>
                <Input {...form.register(`plans.${i}.description`)} />
              </Field>
              <Field id={id('highlights')} label="Features, one a line" error={e.highlights?.message}>
                <Textarea rows={4} {...form.register(`plans.${i}.highlights`)} />
              </Field>
              <div className="grid grid-cols-2 gap-2 text-sm text-foreground">
                {(
                  [
                    ['apiAccess', 'API access'],
                    ['customReports', 'Custom reports'],
                    ['popular', 'Most popular'],
                    ['buyable', 'Agents can buy it'],
                  ] as const
                ).map(([name, label]) => (
                  <label key={name} className="flex items-center gap-2">
                    <input type="checkbox" {...form.register(`plans.${i}.${name}`)} /> {label}
                  </label>
                ))}
              </div>
            </fieldset>
          )
        })}
      </div>
      <div>
        <Button type="submit" disabled={isSubmitting || save.isPending}>
          {save.isPending && <Loader2 className="animate-spin" />} Save plans
        </Button>
      </div>
    </form>
  )
}
