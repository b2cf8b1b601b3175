import { Loader2 } from 'lucide-react'
import { z } from 'zod'
import { Button } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { setServerErrors, untilSettled, useZodForm } from '@/components/ui/use-zod-form'
import { changePassword } from '@/features/settings/api/change-password'
import { useApiMutation } from '@/lib/api-mutation'

const empty = { currentPassword: '', newPassword: '', confirm: '' }

/** Only what must be there; the server applies the password rules. Every rule runs on every submit. */
const changePasswordSchema = z
  .object({ currentPassword: z.string(), newPassword: z.string(), confirm: z.string() })
  .superRefine((values, ctx) => {
    if (!values.currentPassword) ctx.addIssue({ code: 'custom', path: ['currentPassword'], message: 'Current password is required' })
    if (!values.newPassword) ctx.addIssue({ code: 'custom', path: ['newPassword'], message: 'New password is required' })
    else if (values.confirm !== values.newPassword) ctx.addIssue({ code: 'custom', path: ['confirm'], message: 'Passwords do not match' })
  })

/** Change password: the current one proves it is the agent; the server applies the password rules and signs out every other session. */
export function ChangePasswordForm() {
  const form = useZodForm(changePasswordSchema, empty)
  const { errors, isSubmitting } = form.formState
  const save = useApiMutation(changePassword, {
    successToast: (r) => ({
      variant: 'success',
      title: 'Password changed',
      description: r.sessionsEnded === 1 ? '1 other session was signed out.' : `${r.sessionsEnded} other sessions were signed out.`,
    }),
    errorToast: 'Could not change the password',
    onSuccess: () => form.reset(empty),
    onError: (e) => setServerErrors(form, e.errors),
  })
  const onSubmit = form.handleSubmit(({ currentPassword, newPassword }) => untilSettled(save.mutateAsync({ currentPassword, newPassword })))
  return (
    <form className="grid max-w-md gap-3" onSubmit={onSubmit} noValidate>
      <Field id="current-password" label="Current Password" error={errors.currentPassword?.message}>
        <Input type="password" autoComplete="current-password" {...form.register('currentPassword')} />
      </Field>
      <Field
        id="new-password"
        label="New Password"
        error={errors.newPassword?.message}
        hint="At least 8 characters; not a common password or one built on your name."
      >
        <Input type="password" autoComplete="new-password" {...form.register('newPassword')} />
      </Field>
      <Field id="confirm-password" label="Confirm New Password" error={errors.confirm?.message}>
        <Input type="password" autoComplete="new-password" {...form.register('confirm')} />
      </Field>
      <Button type="submit" className="justify-self-start" disabled={isSubmitting || save.isPending}>
        {save.isPending && <Loader2 className="animate-spin" />}
        {save.isPending ? 'Changing...' : 'Change Password'}
      </Button>
    </form>
  )
}
