import * as React from 'react'
import { Loader2 } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { changePassword } from '@/features/settings/api/settings-api'
import type { ApiError } from '@/lib/api-client'
import { useApiMutation } from '@/lib/api-mutation'

const empty = { currentPassword: '', newPassword: '', confirm: '' }

/** Change password: the current one proves it is the agent; the server applies the password rules and signs out every other session. */
export function ChangePasswordForm() {
  const [form, setForm] = React.useState(empty)
  const [errors, setErrors] = React.useState<Record<string, string>>({})
  const save = useApiMutation(changePassword, {
    successToast: (r) => ({
      variant: 'success',
      title: 'Password changed',
      description: r.sessionsEnded === 1 ? '1 other session was signed out.' : `${r.sessionsEnded} other sessions were signed out.`,
    }),
    errorToast: 'Could not change the password',
    onSuccess: () => setForm(empty),
    onError: (e: ApiError) => setErrors(Object.fromEntries((e.errors ?? []).map((f) => [f.path, f.message]))),
  })
  const set = (k: keyof typeof empty) => (e: React.ChangeEvent<HTMLInputElement>) => setForm((f) => ({ ...f, [k]: e.target.value }))
  const onSubmit = (e: React.FormEvent) => {
    e.preventDefault()
    const next: Record<string, string> = {}
    if (!form.currentPassword) next.currentPassword = 'Current password is required'
    if (!form.newPassword) next.newPassword = 'New password is required'
    else if (form.confirm !== form.newPassword) next.confirm = 'Passwords do not match'
    setErrors(next)
    if (Object.keys(next).length) return
    save.mutate({ currentPassword: form.currentPassword, newPassword: form.newPassword })
  }
  return (
    <form className="grid max-w-md gap-3" onSubmit={onSubmit} noValidate>
      <Field id="current-password" label="Current Password" error={errors.currentPassword}>
        <Input type="password" autoComplete="current-password" value={form.currentPassword} onChange={set('currentPassword')} />
      </Field>
      <Field
        id="new-password"
        label="New Password"
        error={errors.newPassword}
        hint="At least 8 characters; not a common password or one built on your name."
      >
        <Input type="password" autoComplete="new-password" value={form.newPassword} onChange={set('newPassword')} />
      </Field>
      <Field id="confirm-password" label="Confirm New Password" error={errors.confirm}>
        <Input type="password" autoComplete="new-password" value={form.confirm} onChange={set('confirm')} />
      </Field>
      <Button type="submit" className="justify-self-start" disabled={save.isPending}>
        {save.isPending && <Loader2 className="animate-spin" />}
        {save.isPending ? 'Changing...' : 'Change Password'}
      </Button>
    </form>
  )
}
