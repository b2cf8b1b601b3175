import { Loader2, Plus, Trash2 } from 'lucide-react'
import { useFieldArray } from 'react-hook-form'
import { Button } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { setServerErrors, untilSettled, useZodForm } from '@/components/ui/use-zod-form'
import type { AdminCreditPack } from '@/features/admin/api/get-admin-billing'
import { saveBillingPacks } from '@/features/admin/api/save-billing'
import { packFieldPath, packsBody, packsFormOf, packsFormSchema } from '@/features/admin/lib/billing-form'
import { useApiMutation } from '@/lib/api-mutation'

/** The credit packs on sale, in order: a pack left out (or unticked) is retired, never deleted. */
export function BillingPacksEditor({ packs }: { packs: AdminCreditPack[] }) {
  const form = useZodForm(packsFormSchema, packsFormOf(packs))
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'packs' })
  const { isSubmitting, errors } = form.formState
  const save = useApiMutation(saveBillingPacks, {
    successToast: 'Packs saved',
    errorToast: 'Could not save the packs',
    onSuccess: (saved) => form.reset(packsFormOf(saved)),
    onError: (e) => setServerErrors(form, e.errors, ({ path, message }) => ({ path: packFieldPath(path), message })),
  })
  const onSubmit = form.handleSubmit((values) => untilSettled(save.mutateAsync(packsBody(values))))
  return (
    <form className="grid gap-3" onSubmit={onSubmit} noValidate data-testid="billing-packs-editor">
      <ul className="grid gap-3">
        {fields.map((field, i) => (
          <li
            key={field.id}
            className="grid items-end gap-3 rounded-lg border border-border p-3 sm:grid-cols-[minmax(0,1fr)_10rem_auto_auto]"
            data-testid="pack-fields"
          >
            <Field id={`pack-${field.id}-name`} label="Name" error={errors.packs?.[i]?.name?.message}>
              <Input {...form.register(`packs.${i}.name`)} />
            </Field>
            <Field id={`pack-${field.id}-amount`} label="Amount (₹)" error={errors.packs?.[i]?.amount?.message}>
              <Input inputMode="decimal" {...form.register(`packs.${i}.amount`)} />
            </Field>
            <label className="flex h-9 items-center gap-2 text-sm text-foreground">
              <input type="checkbox" {...form.register(`packs.${i}.active`)} /> On sale
            </label>
            <Button type="button" variant="ghost" size="icon" aria-label={`Remove pack ${i + 1}`} onClick={() => remove(i)}>
              <Trash2 />
            </Button>
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button
          type="button"
          variant="outline"
          onClick={() => append({ name: '', amount: '', active: true })}
          disabled={fields.length >= 10}
        >
          <Plus /> Add pack
        </Button>
        <Button type="submit" disabled={isSubmitting || save.isPending}>
          {save.isPending && <Loader2 className="animate-spin" />} Save packs
        </Button>
      </div>
    </form>
  )
}
