import * as React from 'react'
import { Loader2 } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { toast } from '@/components/ui/use-toast'
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

/** A rough shape check; the server decides. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

type StepProps = { state: ResetState; dispatch: React.Dispatch<ResetAction> }

/**
 * One step's form. The dialog renders in a portal, but React still bubbles submit to the sign-in
 * form around the trigger, so the event stops here.
 */
function StepForm({
  step,
  pending,
  onSubmit,
  onStartOver,
  children,
}: {
  step: ResetStep
  pending: boolean
  onSubmit: () => void
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
        onSubmit()
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
        <Button type="submit" disabled={pending} data-testid="forgot-password-submit">
          {pending && <Loader2 className="animate-spin" />}
          {submitLabel[step]}
        </Button>
      </div>
    </form>
  )
}

function EmailStep({ dispatch }: StepProps) {
  const [email, setEmail] = React.useState('')
  const [error, setError] = React.useState('')
  const send = useApiMutation(sendResetCode, {
    successToast: (_, { email: sent }) => ({
      title: 'Reset code sent!',
      description: `If an account uses ${sent}, a 6-digit code is on its way.`,
    }),
    errorToast: 'Failed to send reset code',
    onSuccess: (_, { email: sent }) => dispatch({ type: 'codeSent', email: sent }),
  })
  const onSubmit = () => {
    const trimmed = email.trim()
    const valid = EMAIL_PATTERN.test(trimmed)
    setError(valid ? '' : 'Enter a valid email address')
    if (valid) send.mutate({ email: trimmed })
  }
  return (
    <StepForm step="email" pending={send.isPending} onSubmit={onSubmit} onStartOver={() => dispatch({ type: 'restart' })}>
      <Field id="reset-email" label="Email" error={error}>
        <Input type="email" autoComplete="email" placeholder="you@example.com" value={email} onChange={(e) => setEmail(e.target.value)} />
      </Field>
    </StepForm>
  )
}

function CodeStep({ state, dispatch }: StepProps) {
  const [code, setCode] = React.useState('')
  const [error, setError] = React.useState('')
  const verify = useApiMutation(verifyResetCode, {
    successToast: { title: 'Code verified!', description: 'Now choose a new password.' },
    errorToast: 'Invalid code',
    onSuccess: (_, { code: verified }) => dispatch({ type: 'codeVerified', code: verified }),
  })
  const onSubmit = () => {
    const complete = new RegExp(`^\\d{${RESET_CODE_LENGTH}}$`).test(code)
    setError(complete ? '' : 'Enter the 6-digit code')
    if (complete) verify.mutate({ email: state.email, code })
  }
  return (
    <StepForm step="code" pending={verify.isPending} onSubmit={onSubmit} onStartOver={() => dispatch({ type: 'restart' })}>
      <Field id="reset-code" label="Reset Code" error={error}>
        <Input
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={RESET_CODE_LENGTH}
          placeholder="6-digit code"
          value={code}
          onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, RESET_CODE_LENGTH))}
        />
      </Field>
    </StepForm>
  )
}

function PasswordStep({ state, dispatch, onReset }: StepProps & { onReset: () => void }) {
  const [newPassword, setNewPassword] = React.useState('')
  const reset = useApiMutation(resetPassword, {
    successToast: { title: 'Password reset successful!', description: 'You can now sign in with your new password' },
    errorToast: 'Password reset failed',
    onSuccess: onReset,
  })
  const onSubmit = () => {
    if (newPassword.length < PASSWORD_MIN) {
      toast({ variant: 'destructive', title: 'Invalid Password', description: 'Password must be at least 8 characters' })
    } else if (newPassword.length > PASSWORD_MAX) {
      toast({ variant: 'destructive', title: 'Invalid Password', description: 'Password must be at most 128 characters' })
    } else {
      reset.mutate({ email: state.email, code: state.code, newPassword })
    }
  }
  return (
    <StepForm step="password" pending={reset.isPending} onSubmit={onSubmit} onStartOver={() => dispatch({ type: 'restart' })}>
      <Field id="reset-new-password" label="New Password" hint="Minimum 8 characters">
        <Input
          type="password"
          autoComplete="new-password"
          maxLength={PASSWORD_MAX}
          placeholder="At least 8 characters"
          value={newPassword}
          onChange={(e) => setNewPassword(e.target.value)}
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
        <ol className="flex gap-2 text-xs font-medium text-slate-500" aria-label="Progress">
          {(['email', 'code', 'password'] as const).map((s, i) => (
            <li
              key={s}
              aria-current={s === state.step ? 'step' : undefined}
              className={s === state.step ? 'rounded-full bg-blue-100 px-2 py-0.5 text-blue-700' : 'px-2 py-0.5'}
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
