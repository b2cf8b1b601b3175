import * as React from 'react'
import { Loader2 } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog'
import { FormMessage } from '@/components/ui/form-message'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { toast } from '@/components/ui/use-toast'
import { useResetPassword } from '@/features/auth/api/reset-password'
import { useSendResetCode } from '@/features/auth/api/send-reset-code'
import { useVerifyResetCode } from '@/features/auth/api/verify-reset-code'

export const PASSWORD_MIN = 8
export const PASSWORD_MAX = 128

type Step = 'email' | 'code' | 'password'

const stepText: Record<Step, string> = {
  email: 'Enter the email address of your account. We will email you a 6-digit reset code.',
  code: 'Enter the 6-digit code we emailed you. It is valid for 30 minutes.',
  password: 'Choose a new password of at least 8 characters.',
}

/** Forgot-password dialog: email, then the emailed code, then the new password. */
export function ForgotPasswordDialog() {
  const [open, setOpen] = React.useState(false)
  const [step, setStep] = React.useState<Step>('email')
  const [email, setEmail] = React.useState('')
  const [code, setCode] = React.useState('')
  const [newPassword, setNewPassword] = React.useState('')
  const [fieldError, setFieldError] = React.useState('')

  const sendCode = useSendResetCode()
  const verifyCode = useVerifyResetCode()
  const reset = useResetPassword()

  const startOver = () => {
    setStep('email')
    setEmail('')
    setCode('')
    setNewPassword('')
    setFieldError('')
  }

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault()
    // The dialog renders in a portal but React still bubbles submit to the sign-in form around the trigger.
    event.stopPropagation()
    setFieldError('')
    if (step === 'email') {
      const trimmed = email.trim()
      if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(trimmed)) {
        setFieldError('Enter a valid email address')
        return
      }
      sendCode.mutate(
        { email: trimmed },
        {
          onSuccess: () => {
            toast({ title: 'Reset code sent!', description: `If an account uses ${trimmed}, a 6-digit code is on its way.` })
            setStep('code')
          },
          onError: (error) => toast({ variant: 'destructive', title: 'Failed to send reset code', description: error.message }),
        },
      )
      return
    }
    if (step === 'code') {
      if (!/^\d{6}$/.test(code)) {
        setFieldError('Enter the 6-digit code')
        return
      }
      verifyCode.mutate(
        { email: email.trim(), code },
        {
          onSuccess: () => {
            toast({ title: 'Code verified!', description: 'Now choose a new password.' })
            setStep('password')
          },
          onError: (error) => toast({ variant: 'destructive', title: 'Invalid code', description: error.message }),
        },
      )
      return
    }
    if (newPassword.length < PASSWORD_MIN) {
      toast({ variant: 'destructive', title: 'Invalid Password', description: 'Password must be at least 8 characters' })
      return
    }
    if (newPassword.length > PASSWORD_MAX) {
      toast({ variant: 'destructive', title: 'Invalid Password', description: 'Password must be at most 128 characters' })
      return
    }
    reset.mutate(
      { email: email.trim(), code, newPassword },
      {
        onSuccess: () => {
          toast({ title: 'Password reset successful!', description: 'You can now sign in with your new password' })
          startOver()
          setOpen(false)
        },
        onError: (error) => toast({ variant: 'destructive', title: 'Password reset failed', description: error.message }),
      },
    )
  }

  const pending = sendCode.isPending || verifyCode.isPending || reset.isPending

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next)
        if (!next) startOver()
      }}
    >
      <DialogTrigger asChild>
        <Button variant="link" className="h-auto p-0 text-sm" data-testid="forgot-password-trigger">
          Forgot password?
        </Button>
      </DialogTrigger>
      <DialogContent data-testid="forgot-password-dialog">
        <DialogHeader>
          <DialogTitle>Reset your password</DialogTitle>
          <DialogDescription>{stepText[step]}</DialogDescription>
        </DialogHeader>
        <ol className="flex gap-2 text-xs font-medium text-slate-500" aria-label="Progress">
          {(['email', 'code', 'password'] as const).map((s, i) => (
            <li
              key={s}
              aria-current={s === step ? 'step' : undefined}
              className={s === step ? 'rounded-full bg-blue-100 px-2 py-0.5 text-blue-700' : 'px-2 py-0.5'}
            >
              {i + 1}. {s === 'email' ? 'Email' : s === 'code' ? 'Code' : 'New password'}
            </li>
          ))}
        </ol>
        <form className="grid gap-4" noValidate onSubmit={onSubmit}>
          {step === 'email' && (
            <div className="grid gap-2">
              <Label htmlFor="reset-email">Email</Label>
              <Input
                id="reset-email"
                type="email"
                autoComplete="email"
                placeholder="you@example.com"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                aria-invalid={!!fieldError}
              />
            </div>
          )}
          {step === 'code' && (
            <div className="grid gap-2">
              <Label htmlFor="reset-code">Reset Code</Label>
              <Input
                id="reset-code"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                placeholder="6-digit code"
                value={code}
                onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, 6))}
                aria-invalid={!!fieldError}
              />
            </div>
          )}
          {step === 'password' && (
            <div className="grid gap-2">
              <Label htmlFor="reset-new-password">New Password</Label>
              <Input
                id="reset-new-password"
                type="password"
                autoComplete="new-password"
                maxLength={PASSWORD_MAX}
                placeholder="At least 8 characters"
                value={newPassword}
                onChange={(e) => setNewPassword(e.target.value)}
              />
              <p className="text-xs text-slate-500">Minimum 8 characters</p>
            </div>
          )}
          <FormMessage>{fieldError}</FormMessage>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
            {step !== 'email' ? (
              <Button variant="ghost" onClick={startOver} disabled={pending}>
                Start over
              </Button>
            ) : (
              <span />
            )}
            <Button type="submit" disabled={pending} data-testid="forgot-password-submit">
              {pending && <Loader2 className="animate-spin" />}
              {step === 'email' ? 'Send Reset Code' : step === 'code' ? 'Verify Code' : 'Reset Password'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  )
}
