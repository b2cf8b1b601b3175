import { Loader2 } from 'lucide-react'
import { Controller, useWatch } from 'react-hook-form'
import { z } from 'zod'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { NativeSelect } from '@/components/ui/native-select'
import { setServerErrors, untilSettled, useZodForm } from '@/components/ui/use-zod-form'
import type { AdminUser } from '@/features/admin/api/get-admin-data'
import { editUser, type AdminUserPatch } from '@/features/admin/api/update-user'
import { useApiMutation } from '@/lib/api-mutation'
import { useCities, useStates } from '@/shared/locations'

/** The server checks every field like a registration; the form only holds them. */
const editUserSchema = z.object({
  fullName: z.string(),
  username: z.string(),
  phone: z.string(),
  email: z.string(),
  state: z.string(),
  city: z.string(),
  agentType: z.string(),
  role: z.string(),
  reraNumber: z.string(),
}) satisfies z.ZodType<Required<AdminUserPatch>>

type Form = z.infer<typeof editUserSchema>

function formOf(u: AdminUser): Form {
  return {
    fullName: u.fullName,
    username: u.username,
    phone: u.phone,
    email: u.email ?? '',
    state: u.state,
    city: u.city,
    agentType: u.agentType,
    role: u.role,
    reraNumber: u.reraNumber ?? '',
  }
}

/** 'Edit User Information': the same rules as registration, checked by the server; its field errors show under each field. */
export function EditUserDialog({ user, onOpenChange }: { user: AdminUser | null; onOpenChange: (open: boolean) => void }) {
  return (
    <Dialog open={!!user} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Edit User Information</DialogTitle>
          <DialogDescription>Changes are checked like a registration and recorded in the audit log.</DialogDescription>
        </DialogHeader>
        {user && <EditUserForm key={user.id} user={user} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  )
}

function EditUserForm({ user, onDone }: { user: AdminUser; onDone: () => void }) {
  const form = useZodForm(editUserSchema, formOf(user))
  const { errors, isSubmitting } = form.formState
  const state = useWatch({ control: form.control, name: 'state' })
  const states = useStates()
  const cities = useCities(state)
  const save = useApiMutation(editUser, {
    successToast: 'User information updated',
    errorToast: 'Could not save the user',
    onSuccess: onDone,
    onError: (e) => setServerErrors(form, e.errors),
  })
  const onSubmit = form.handleSubmit((values) => untilSettled(save.mutateAsync({ id: user.id, body: values })))
  const text = (k: keyof Form, label: string, type = 'text') => (
    <Field id={`edit-user-${k}`} label={label} error={errors[k]?.message}>
      <Input type={type} {...form.register(k)} />
    </Field>
  )
  return (
    <form className="grid gap-3" onSubmit={onSubmit} noValidate>
      {text('fullName', 'Full Name')}
      {text('username', 'Username')}
      {text('phone', 'Phone', 'tel')}
      {text('email', 'Email', 'email')}
      <div className="grid gap-3 sm:grid-cols-2">
        {/* Controlled, as the lists arrive after the form: a new state clears the city. */}
        <Controller
          control={form.control}
          name="state"
          render={({ field }) => (
            <Field id="edit-user-state" label="State" error={errors.state?.message}>
              <NativeSelect
                {...field}
                onChange={(e) => {
                  field.onChange(e)
                  form.setValue('city', '', { shouldDirty: true })
                }}
              >
                <option value="">Select state</option>
                {(states.data ?? []).map((s) => (
                  <option key={s} value={s}>
                    {s}
                  </option>
                ))}
              </NativeSelect>
            </Field>
          )}
        />
        <Controller
          control={form.control}
          name="city"
          render={({ field }) => (
            <Field id="edit-user-city" label="City" error={errors.city?.message}>
              <NativeSelect {...field} disabled={!state}>
                <option value="">Select city</option>
                {(cities.data ?? []).map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </NativeSelect>
            </Field>
          )}
        />
        <Field id="edit-user-agentType" label="Agent Type" error={errors.agentType?.message}>
          <NativeSelect {...form.register('agentType')}>
            <option value="buyer">Buyer</option>
            <option value="seller">Seller</option>
            <option value="both">Both</option>
          </NativeSelect>
        </Field>
        <Field id="edit-user-role" label="Role" error={errors.role?.message}>
          <NativeSelect {...form.register('role')}>
            <option value="agent">user</option>
            <option value="admin">admin</option>
          </NativeSelect>
        </Field>
      </div>
      {text('reraNumber', 'RERA Number')}
      <DialogFooter>
        <Button variant="outline" onClick={onDone} disabled={save.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting || save.isPending}>
          {save.isPending && <Loader2 className="animate-spin" />}
          {save.isPending ? 'Saving...' : 'Save Changes'}
        </Button>
      </DialogFooter>
    </form>
  )
}
