import { zodResolver } from '@hookform/resolvers/zod'
import { Loader2 } from 'lucide-react'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import { Button } from '@/components/ui/button'
import { FormMessage } from '@/components/ui/form-message'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { useAuth } from '@/features/auth/components/auth-provider'
import { ForgotPasswordDialog } from '@/features/auth/components/forgot-password-dialog'

export const loginSchema = z.object({
  username: z.string().trim().min(1, 'Username is required'),
  password: z.string().min(1, 'Password is required'),
})

type LoginValues = z.infer<typeof loginSchema>

/** Sign-in form: username (or phone or email) and password. */
export function LoginForm() {
  const { loginMutation } = useAuth()
  const form = useForm<LoginValues>({
    resolver: zodResolver(loginSchema),
    defaultValues: { username: '', password: '' },
  })
  const { errors } = form.formState

  return (
    <form
      className="grid gap-4"
      noValidate
      data-testid="login-form"
      onSubmit={form.handleSubmit((values) => loginMutation.mutate(values))}
    >
      <div className="grid gap-2">
        <Label htmlFor="login-username">Username</Label>
        <Input
          id="login-username"
          autoComplete="username"
          placeholder="Username, phone or email"
          aria-invalid={!!errors.username}
          {...form.register('username')}
        />
        <FormMessage>{errors.username?.message}</FormMessage>
      </div>
      <div className="grid gap-2">
        <div className="flex items-center justify-between">
          <Label htmlFor="login-password">Password</Label>
          <ForgotPasswordDialog />
        </div>
        <Input
          id="login-password"
          type="password"
          autoComplete="current-password"
          placeholder="Your password"
          aria-invalid={!!errors.password}
          {...form.register('password')}
        />
        <FormMessage>{errors.password?.message}</FormMessage>
      </div>
      <Button type="submit" className="w-full" disabled={loginMutation.isPending} data-testid="login-submit">
        {loginMutation.isPending && <Loader2 className="animate-spin" />}
        {loginMutation.isPending ? 'Signing in...' : 'Sign In'}
      </Button>
    </form>
  )
}
