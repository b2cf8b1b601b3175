import { Loader2 } from 'lucide-react'
import { z } from 'zod'
import { Button } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { untilSettled, useZodForm } from '@/components/ui/use-zod-form'
import { useAuth } from '@/lib/auth'
import { ForgotPasswordDialog } from '@/features/auth/components/forgot-password-dialog'

export const loginSchema = z.object({
  username: z.string().trim().min(1, 'Username is required'),
  password: z.string().min(1, 'Password is required'),
})

type LoginValues = z.infer<typeof loginSchema>

/** Sign-in form: username (or phone or email) and password. */
export function LoginForm() {
  const { loginMutation } = useAuth()
  const form = useZodForm(loginSchema, { username: '', password: '' })
  const { errors, isSubmitting } = form.formState

  return (
    <form
      className="grid gap-4"
      noValidate
      data-testid="login-form"
      onSubmit={form.handleSubmit((values: LoginValues) => untilSettled(loginMutation.mutateAsync(values)))}
    >
      <Field id="login-username" label="Username" error={errors.username?.message}>
        <Input autoComplete="username" placeholder="Username, phone or email" {...form.register('username')} />
      </Field>
      <Field id="login-password" label="Password" error={errors.password?.message} labelAction={<ForgotPasswordDialog />}>
        <Input type="password" autoComplete="current-password" placeholder="Your password" {...form.register('password')} />
      </Field>
      <Button type="submit" className="w-full" disabled={isSubmitting || loginMutation.isPending} data-testid="login-submit">
        {loginMutation.isPending && <Loader2 className="animate-spin" />}
        {loginMutation.isPending ? 'Signing in...' : 'Sign In'}
      </Button>
    </form>
  )
}
