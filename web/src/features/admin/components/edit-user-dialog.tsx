import * as React from 'react'
import { Loader2 } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { NativeSelect } from '@/components/ui/native-select'
import { editUser, type AdminUser, type AdminUserPatch } from '@/features/admin/api/admin-api'
import type { ApiError } from '@/lib/api-client'
import { useApiMutation } from '@/lib/api-mutation'
import { useCities, useStates } from '@/shared/locations'

type Form = Required<Omit<AdminUserPatch, 'role'>> & { role: string }

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
  const [form, setForm] = React.useState<Form>(() => formOf(user))
  const [errors, setErrors] = React.useState<Record<string, string>>({})
  const states = useStates()
  const cities = useCities(form.state)
  const save = useApiMutation(editUser, {
    successToast: 'User information updated',
    errorToast: 'Could not save the user',
    onSuccess: onDone,
    onError: (e: ApiError) => setErrors(Object.fromEntries((e.errors ?? []).map((f) => [f.path, f.message]))),
  })
  const set = (k: keyof Form) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
    setForm((f) => ({ ...f, [k]: e.target.value, ...(k === 'state' ? { city: '' } : {}) }))
  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault()
    setErrors({})
    save.mutate({ id: user.id, body: form })
  }
  const text = (k: keyof Form, label: string, type = 'text') => (
    <Field id={`edit-user-${k}`} label={label} error={errors[k]}>
      <Input type={type} value={form[k]} onChange={set(k)} />
    </Field>
  )
  return (
    <form className="grid gap-3" onSubmit={onSubmit} noValidate>
      {text('fullName', 'Full Name')}
      {text('username', 'Username')}
      {text('phone', 'Phone', 'tel')}
      {text('email', 'Email', 'email')}
      <div className="grid gap-3 sm:grid-cols-2">
        <Field id="edit-user-state" label="State" error={errors.state}>
          <NativeSelect value={form.state} onChange={set('state')}>
            <option value="">Select state</option>
            {(states.data ?? []).map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field id="edit-user-city" label="City" error={errors.city}>
          <NativeSelect value={form.city} onChange={set('city')} disabled={!form.state}>
            <option value="">Select city</option>
            {(cities.data ?? []).map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field id="edit-user-agentType" label="Agent Type" error={errors.agentType}>
          <NativeSelect value={form.agentType} onChange={set('agentType')}>
            <option value="buyer">Buyer</option>
            <option value="seller">Seller</option>
            <option value="both">Both</option>
          </NativeSelect>
        </Field>
        <Field id="edit-user-role" label="Role" error={errors.role}>
          <NativeSelect value={form.role} onChange={set('role')}>
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
        <Button type="submit" disabled={save.isPending}>
          {save.isPending && <Loader2 className="animate-spin" />}
          {save.isPending ? 'Saving...' : 'Save Changes'}
        </Button>
      </DialogFooter>
    </form>
  )
}
