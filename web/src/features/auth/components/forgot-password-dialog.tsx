import * as React from 'react'
import { Loader2 } from 'lucide-react'
import { Controller } from 'react-hook-form'
import { z } from 'zod'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { toast } from '@/components/ui/use-toast'
import { untilSettled, useZodForm } from '@/components/ui/use-zod-form'
import { resetPassword, sendResetCode, verifyResetCode } from '@/features/auth/api/reset-password'
import { PASSWORD_MAX, PASSWORD_MIN } from '@/features/auth/lib/password'
import {
  initialResetState,
  RESET_CODE_LENGTH,
  resetReducer,
  type ResetAction,
  type ResetState,
  type ResetStep,
} from '@/features/auth/lib/password-reset-flow'
import { useApiMutation } from '@/lib/api-mutation'

const stepText: Record<ResetStep, string> = {
  email: 'Enter the email address of your account. We will email you a 6-digit reset code.',
  code: 'Enter the 6-digit code we emailed you. It is valid for 30 minutes.',
  password: 'Choose a new password of at least 8 characters.',
}

const stepLabel: Record<ResetStep, string> = { email: 'Email', code: 'Code', password: 'New password' }
const submitLabel: Record<ResetStep, string> = { email: 'Send Reset Code', code: 'Verify Code', password: 'Reset Password' }

/** A rough shape check of the trimmed address; the server decides. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

const emailSchema = z.object({ email: z.string().trim().regex(EMAIL_PATTERN, 'Enter a valid email address') })
const codeSchema = z.object({ code: z.string().regex(new RegExp(`^\\d{${RESET_CODE_LENGTH}}$`), 'Enter the 6-digit code') })
/** Shown in a toast rather than under the field. */
const passwordSchema = z.object({
  newPassword: z
    .string()
    .min(PASSWORD_MIN, 'Password must be at least 8 characters')
    .max(PASSWORD_MAX, 'Password must be at most 128 characters'),
})

type StepProps = { state: ResetState; dispatch: React.Dispatch<ResetAction> }

/**
 * One step's form. The dialog renders in a portal, but React still bubbles submit to the sign-in
 * form around the trigger, so the event stops here.
 */
function StepForm({
  step,
  pending,
  submitting,
  onSubmit,
  onStartOver,
  children,
}: {
  step: ResetStep
  /** The step's request is under way. */
  pending: boolean
  /** The form's submit handler is running (its submit button stays disabled). */
  submitting: boolean
  onSubmit: (event: React.FormEvent) => Promise<void>
  onStartOver: () => void
  children: React.ReactNode
}) {
  return (
    <form
      className="grid gap-4"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        event.stopPropagation()
        void onSubmit(event)
      }}
    >
      {children}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
        {step !== 'email' ? (
          <Button variant="ghost" onClick={onStartOver} disabled={pending}>
            Start over
          </Button>
        ) : (
          <span />
        )}
        <Button type="submit" disabled={pending || submitting} data-testid="forgot-password-submit">
          {pending && <Loader2 className="animate-spin" />}
          {submitLabel[step]}
        </Button>
      </div>
    </form>
  )
}

function EmailStep({ dispatch }: StepProps) {
  const form = useZodForm(emailSchema, { email: '' })
  const { errors, isSubmitting } = form.formState
  const send = useApiMutation(sendResetCode, {
    successToast: (_, { email: sent }) => ({
      title: 'Reset code sent!',
      description: `If an account uses ${sent}, a 6-digit code is on its way.`,
    }),
    errorToast: 'Failed to send reset code',
    onSuccess: (_, { email: sent }) => dispatch({ type: 'codeSent', email: sent }),
  })
  const onSubmit = form.handleSubmit(({ email }) => untilSettled(send.mutateAsync({ email })))
  return (
    <StepForm
      step="email"
      pending={send.isPending}
      submitting={isSubmitting}
      onSubmit={onSubmit}
      onStartOver={() => dispatch({ type: 'restart' })}
    >
      <Field id="reset-email" label="Email" error={errors.email?.message}>
        <Input type="email" autoComplete="email" placeholder="you@example.com" {...form.register('email')} />
      </Field>
    </StepForm>
  )
}

function CodeStep({ state, dispatch }: StepProps) {
  const form = useZodForm(codeSchema, { code: '' })
  const { errors, isSubmitting } = form.formState
  const verify = useApiMutation(verifyResetCode, {
    successToast: { title: 'Code verified!', description: 'Now choose a new password.' },
    errorToast: 'Invalid code',
    onSuccess: (_, { code: verified }) => dispatch({ type: 'codeVerified', code: verified }),
  })
  const onSubmit = form.handleSubmit(({ code }) => untilSettled(verify.mutateAsync({ email: state.email, code })))
  return (
    <StepForm
      step="code"
      pending={verify.isPending}
      submitting={isSubmitting}
      onSubmit={onSubmit}
      onStartOver={() => dispatch({ type: 'restart' })}
    >
      <Controller
        control={form.control}
        name="code"
        render={({ field }) => (
          <Field id="reset-code" label="Reset Code" error={errors.code?.message}>
            <Input
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={RESET_CODE_LENGTH}
              placeholder="6-digit code"
              {...field}
              // Digits only, at most the code's length.
              onChange={(e) => field.onChange(e.target.value.replace(/\D/g, '').slice(0, RESET_CODE_LENGTH))}
            />
          </Field>
        )}
      />
    </StepForm>
  )
}

function PasswordStep({ state, dispatch, onReset }: StepProps & { onReset: () => void }) {
  const form = useZodForm(passwordSchema, { newPassword: '' })
  const reset = useApiMutation(resetPassword, {
    successToast: { title: 'Password reset successful!', description: 'You can now sign in with your new password' },
    errorToast: 'Password reset failed',
    onSuccess: onReset,
  })
  const onSubmit = form.handleSubmit(
    ({ newPassword }) => untilSettled(reset.mutateAsync({ email: state.email, code: state.code, newPassword })),
    (invalid) => toast({ variant: 'destructive', title: 'Invalid Password', description: invalid.newPassword?.message }),
  )
  return (
    <StepForm
      step="password"
      pending={reset.isPending}
      submitting={form.formState.isSubmitting}
      onSubmit={onSubmit}
      onStartOver={() => dispatch({ type: 'restart' })}
    >
      <Field id="reset-new-password" label="New Password" hint="Minimum 8 characters">
        <Input
          type="password"
          autoComplete="new-password"
          maxLength={PASSWORD_MAX}
          placeholder="At least 8 characters"
          {...form.register('newPassword')}
        />
      </Field>
    </StepForm>
  )
}

/** Forgot-password dialog: email, then the emailed code, then the new password; one component per step. */
export function ForgotPasswordDialog() {
  const [open, setOpen] = React.useState(false)
  const [state, dispatch] = React.useReducer(resetReducer, initialResetState)
  const onOpenChange = (next: boolean) => {
    setOpen(next)
    if (!next) dispatch({ type: 'restart' })
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="link" className="h-auto p-0 text-sm" data-testid="forgot-password-trigger">
          Forgot password?
        </Button>
      </DialogTrigger>
      <DialogContent data-testid="forgot-password-dialog">
        <DialogHeader>
          <DialogTitle>Reset your password</DialogTitle>
          <DialogDescription>{stepText[state.step]}</DialogDescription>
        </DialogHeader>
        <ol className="flex gap-2 text-xs font-medium text-muted-foreground" aria-label="Progress">
          {(['email', 'code', 'password'] as const).map((s, i) => (
            <li
              key={s}
              aria-current={s === state.step ? 'step' : undefined}
              className={s === state.step ? 'rounded-full bg-accent px-2 py-0.5 text-accent-foreground' : 'px-2 py-0.5'}
            >
              {i + 1}. {stepLabel[s]}
            </li>
          ))}
        </ol>
        {state.step === 'email' && <EmailStep state={state} dispatch={dispatch} />}
        {state.step === 'code' && <CodeStep state={state} dispatch={dispatch} />}
        {state.step === 'password' && <PasswordStep state={state} dispatch={dispatch} onReset={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  )
}
