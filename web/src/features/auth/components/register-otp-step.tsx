import * as React from 'react'
import { ArrowLeft, Loader2, RotateCw } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { toast } from '@/components/ui/use-toast'
import { verifyOtp } from '@/features/auth/api/verify-phone'
import { OTP_LENGTH } from '@/features/auth/lib/register-flow'
import { useApiMutation } from '@/lib/api-mutation'
import { formatPhone } from '@/lib/phone-display'

type RegisterOtpStepProps = {
  phone: string
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

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault()
    if (!otp) {
      toast({ variant: 'destructive', title: 'OTP Required', description: 'Please enter the verification code' })
      return
    }
    if (otp.length === OTP_LENGTH) verify.mutate({ phone, otp })
  }

  return (
    <form className="grid gap-4" noValidate onSubmit={onSubmit} data-testid="register-otp-step">
      <p className="text-sm text-slate-600">
        Enter the code sent to <span className="font-medium text-slate-900">{formatPhone(phone)}</span>.
      </p>
      <Field id="register-otp" label="Verification Code">
        <Input
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={OTP_LENGTH}
          placeholder="6-digit code"
          className="text-center text-lg tracking-[0.5em]"
          value={otp}
          onChange={(e) => onOtpChange(e.target.value)}
        />
      </Field>
      <Button type="submit" className="w-full" disabled={otp.length !== OTP_LENGTH || verify.isPending} data-testid="verify-otp">
        {verify.isPending && <Loader2 className="animate-spin" />}
        {verify.isPending ? 'Verifying...' : 'Verify'}
      </Button>
      <div className="flex items-center justify-between text-sm">
        <Button variant="ghost" size="sm" onClick={onChangeNumber}>
          <ArrowLeft /> Change Number
        </Button>
        {resendIn > 0 ? (
          <span className="text-slate-500" data-testid="resend-timer">
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
