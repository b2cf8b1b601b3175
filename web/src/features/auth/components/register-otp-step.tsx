import { ArrowLeft, Loader2, RotateCw } from 'lucide-react'
import { Controller, useWatch } from 'react-hook-form'
import { z } from 'zod'
import { Button } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { untilSettled, useZodForm } from '@/components/ui/use-zod-form'
import { toast } from '@/components/ui/use-toast'
import { verifyOtp } from '@/features/auth/api/verify-phone'
import { OTP_LENGTH, otpDigits } from '@/features/auth/lib/register-flow'
import { useApiMutation } from '@/lib/api-mutation'
import { formatPhone } from '@/lib/phone-display'

/** An empty code is asked for in a toast; Verify stays disabled until the code is complete. */
const otpSchema = z.object({ otp: z.string().min(1, 'Please enter the verification code') })

type RegisterOtpStepProps = {
  phone: string
  /** The code at the start (typed before, or auto-filled in development); the registration keys the step by the code sent. */
  otp: string
  onOtpChange: (value: string) => void
  /** Seconds until a new code may be requested (0: now). */
  resendIn: number
  sending: boolean
  onResend: () => void
  onChangeNumber: () => void
  onVerified: () => void
}

/** Step 2: the 6-digit code, with Change Number and, after the wait, Resend Code. */
export function RegisterOtpStep({
  phone,
  otp,
  onOtpChange,
  resendIn,
  sending,
  onResend,
  onChangeNumber,
  onVerified,
}: RegisterOtpStepProps) {
  const verify = useApiMutation(verifyOtp, {
    successToast: { title: 'Phone Verified', description: 'Please complete your registration details' },
    errorToast: (error) => ({ variant: 'destructive', title: 'Verification Failed', description: error.message || 'Invalid OTP' }),
    onSuccess: onVerified,
  })

  const form = useZodForm(otpSchema, { otp })
  const code = useWatch({ control: form.control, name: 'otp' })
  const onSubmit = form.handleSubmit(
    async (values) => {
      if (values.otp.length === OTP_LENGTH) await untilSettled(verify.mutateAsync({ phone, otp: values.otp }))
    },
    () => toast({ variant: 'destructive', title: 'OTP Required', description: 'Please enter the verification code' }),
  )

  return (
    <form className="grid gap-4" noValidate onSubmit={onSubmit} data-testid="register-otp-step">
      <p className="text-sm text-subtle-foreground">
        Enter the code sent to <span className="font-medium text-foreground">{formatPhone(phone)}</span>.
      </p>
      <Controller
        control={form.control}
        name="otp"
        render={({ field }) => (
          <Field id="register-otp" label="Verification Code">
            <Input
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={OTP_LENGTH}
              placeholder="6-digit code"
              className="text-center text-lg tracking-[0.5em]"
              {...field}
              onChange={(e) => {
                field.onChange(otpDigits(e.target.value))
                onOtpChange(e.target.value)
              }}
            />
          </Field>
        )}
      />
      <Button
        type="submit"
        className="w-full"
        disabled={code.length !== OTP_LENGTH || form.formState.isSubmitting || verify.isPending}
        data-testid="verify-otp"
      >
        {verify.isPending && <Loader2 className="animate-spin" />}
        {verify.isPending ? 'Verifying...' : 'Verify'}
      </Button>
      <div className="flex items-center justify-between text-sm">
        <Button variant="ghost" size="sm" onClick={onChangeNumber}>
          <ArrowLeft /> Change Number
        </Button>
        {resendIn > 0 ? (
          <span className="text-muted-foreground" data-testid="resend-timer">
            Resend code in {resendIn}s
          </span>
        ) : (
          <Button variant="outline" size="sm" disabled={sending} onClick={onResend}>
            <RotateCw /> Resend Code
          </Button>
        )}
      </div>
    </form>
  )
}
