import { CheckCircle2, Loader2 } from 'lucide-react'
import { Controller } from 'react-hook-form'
import { z } from 'zod'
import { StateCityField } from '@/components/state-city-field'
import { Button } from '@/components/ui/button'
import { Field, FieldSet } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group'
import { Textarea } from '@/components/ui/textarea'
import { toast } from '@/components/ui/use-toast'
import { setServerErrors, untilSettled, useZodForm } from '@/components/ui/use-zod-form'
import { PASSWORD_MAX, PASSWORD_MIN } from '@/features/auth/lib/password'
import { useAuth } from '@/lib/auth'
import { formatPhone } from '@/lib/phone-display'

const optionalText = (max: number, message: string) => z.string().trim().max(max, message)

export const detailsSchema = z.object({
  fullName: z.string().trim().min(1, 'Full name is required').max(100, 'Full name must be at most 100 characters'),
  username: z
    .string()
    .trim()
    .min(1, 'Username is required')
    .regex(/^[A-Za-z0-9_.-]{3,30}$/, 'Username must be 3 to 30 letters, digits, dots, dashes or underscores'),
  password: z
    .string()
    .min(PASSWORD_MIN, 'Password must be at least 8 characters')
    .max(PASSWORD_MAX, 'Password must be at most 128 characters'),
  email: z.union([z.literal(''), z.email('Enter a valid email address')]),
  state: z.string().min(1, 'Please select a state'),
  city: z.string().min(1, 'Please select a city'),
  agentType: z.enum(['buyer', 'seller', 'both'], 'Choose your agent type'),
  reraNumber: optionalText(50, 'RERA number must be at most 50 characters'),
  bio: optionalText(1000, 'Bio must be at most 1000 characters'),
})

type DetailsValues = z.infer<typeof detailsSchema>

const agentTypes = [
  { value: 'buyer', label: 'Buyer Agent', hint: 'I represent buyers and tenants' },
  { value: 'seller', label: 'Seller Agent', hint: 'I list properties for owners' },
  { value: 'both', label: 'Both', hint: 'I work on both sides' },
] as const

const defaultValues: DetailsValues = {
  fullName: '',
  username: '',
  password: '',
  email: '',
  state: '',
  city: '',
  agentType: 'both',
  reraNumber: '',
  bio: '',
}

function phoneNotVerified(onPhoneNotVerified: () => void) {
  toast({ variant: 'destructive', title: 'Phone Not Verified', description: 'Please verify your phone number first' })
  onPhoneNotVerified()
}

type RegisterDetailsStepProps = {
  phone: string
  verified: boolean
  /** Back to the first step: the phone is not (or no longer) verified. */
  onPhoneNotVerified: () => void
}

/** Step 3: the account details; creating the account signs in. */
export function RegisterDetailsStep({ phone, verified, onPhoneNotVerified }: RegisterDetailsStepProps) {
  const { registerMutation } = useAuth()
  const form = useZodForm(detailsSchema, defaultValues)
  const { errors, isSubmitting } = form.formState

  const onSubmit = form.handleSubmit((values) => {
    if (!verified) {
      phoneNotVerified(onPhoneNotVerified)
      return
    }
    return untilSettled(
      registerMutation.mutateAsync(
        {
          username: values.username,
          password: values.password,
          fullName: values.fullName,
          phone,
          agentType: values.agentType,
          state: values.state,
          city: values.city,
          email: values.email || undefined,
          reraNumber: values.reraNumber || undefined,
          bio: values.bio || undefined,
        },
        {
          // The answer is the same for a new address and another account's (the server emails the link or the
          // owner's notice), so the registrant is only told where to look.
          onSuccess: () => {
            if (values.email) toast({ title: 'Check your email', description: `We have sent a message to ${values.email}.` })
          },
          onError: (error) => {
            if (error.status === 403) {
              phoneNotVerified(onPhoneNotVerified)
              return
            }
            setServerErrors(form, error.errors)
          },
        },
      ),
    )
  })

  return (
    <form className="grid gap-4" noValidate onSubmit={onSubmit} data-testid="register-details-step">
      <p className="flex items-center gap-2 rounded-md bg-success/10 px-3 py-2 text-sm text-success">
        <CheckCircle2 className="size-4" /> {formatPhone(phone)} verified
      </p>
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <Field id="register-full-name" label="Full Name" error={errors.fullName?.message}>
          <Input autoComplete="name" {...form.register('fullName')} />
        </Field>
        <Field id="register-username" label="Username" error={errors.username?.message}>
          <Input autoComplete="username" {...form.register('username')} />
        </Field>
      </div>
      <Field id="register-password" label="Password" error={errors.password?.message} hint="Minimum 8 characters">
        <Input type="password" autoComplete="new-password" {...form.register('password')} />
      </Field>
      <Field id="register-email" label="Email (optional)" error={errors.email?.message}>
        <Input type="email" autoComplete="email" {...form.register('email')} />
      </Field>
      <StateCityField control={form.control} stateName="state" cityName="city" idPrefix="register" />
      <FieldSet legend="Agent Type" error={errors.agentType?.message}>
        <Controller
          control={form.control}
          name="agentType"
          render={({ field }) => (
            <RadioGroup value={field.value} onValueChange={field.onChange} className="grid-cols-1" aria-label="Agent Type">
              {agentTypes.map((type) => (
                <label
                  key={type.value}
                  htmlFor={`agent-type-${type.value}`}
                  className="flex cursor-pointer items-start gap-2 rounded-md border border-border p-3 has-[[data-state=checked]]:border-primary has-[[data-state=checked]]:bg-accent"
                >
                  <RadioGroupItem id={`agent-type-${type.value}`} value={type.value} className="mt-0.5" />
                  <span className="grid gap-0.5">
                    <span className="text-sm font-medium">{type.label}</span>
                    <span className="text-xs text-muted-foreground">{type.hint}</span>
                  </span>
                </label>
              ))}
            </RadioGroup>
          )}
        />
      </FieldSet>
      <Field id="register-rera" label="RERA Number (optional)" error={errors.reraNumber?.message}>
        <Input {...form.register('reraNumber')} />
      </Field>
      <Field id="register-bio" label="Bio (optional)" error={errors.bio?.message}>
        <Textarea rows={3} placeholder="Your areas, specialities and experience" {...form.register('bio')} />
      </Field>
      <Button type="submit" className="w-full" disabled={isSubmitting || registerMutation.isPending} data-testid="register-submit">
        {registerMutation.isPending && <Loader2 className="animate-spin" />}
        {registerMutation.isPending ? 'Creating account...' : 'Create Account'}
      </Button>
    </form>
  )
}
