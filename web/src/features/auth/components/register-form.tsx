import * as React from 'react'
import { toast } from '@/components/ui/use-toast'
import { sendOtp } from '@/features/auth/api/verify-phone'
import { RegisterDetailsStep } from '@/features/auth/components/register-details-step'
import { RegisterOtpStep } from '@/features/auth/components/register-otp-step'
import { RegisterPhoneStep } from '@/features/auth/components/register-phone-step'
import {
  initialRegisterState,
  OTP_LENGTH,
  registerReducer,
  RESEND_WAIT_SECONDS,
  resendWaitLeft,
  stillValidCode,
  type RegisterStep,
} from '@/features/auth/lib/register-flow'
import { useApiMutation } from '@/lib/api-mutation'
import type { SendOtpResponse } from '@/lib/api-schemas'
import { useCountdown } from '@/lib/use-countdown'

const steps: { key: RegisterStep; label: string }[] = [
  { key: 'phone', label: 'Phone' },
  { key: 'otp', label: 'Verify' },
  { key: 'details', label: 'Details' },
]

const stepDot = {
  done: 'flex size-6 items-center justify-center rounded-full bg-success text-xs font-semibold text-success-foreground',
  current: 'flex size-6 items-center justify-center rounded-full bg-primary text-xs font-semibold text-primary-foreground',
  ahead: 'flex size-6 items-center justify-center rounded-full bg-border text-xs font-semibold text-subtle-foreground',
}

function RegisterProgress({ step }: { step: RegisterStep }) {
  const currentIndex = steps.findIndex((s) => s.key === step)
  return (
    <ol className="flex items-center gap-2" aria-label="Registration progress">
      {steps.map((s, i) => (
        <li key={s.key} className="flex flex-1 items-center gap-2" aria-current={s.key === step ? 'step' : undefined}>
          <span className={i < currentIndex ? stepDot.done : i === currentIndex ? stepDot.current : stepDot.ahead}>{i + 1}</span>
          <span className={i === currentIndex ? 'text-sm font-medium text-foreground' : 'text-sm text-muted-foreground'}>{s.label}</span>
          {i < steps.length - 1 && <span className="h-px flex-1 bg-border" aria-hidden />}
        </li>
      ))}
    </ol>
  )
}

/** The toast after a code was sent: whether WhatsApp opened and whether the development code was filled in. */
function codeSentToast(openedWhatsApp: boolean, autoFilled: boolean) {
  if (openedWhatsApp && autoFilled) {
    return { title: 'WhatsApp Opened & OTP Auto-filled', description: 'Your verification code was filled in for you' }
  }
  if (openedWhatsApp) return { title: 'WhatsApp Opened', description: 'Check WhatsApp for your 6-digit code' }
  if (autoFilled) return { title: 'OTP Auto-filled', description: 'Development mode: the code was filled in for you' }
  return { title: 'Code sent', description: 'Check WhatsApp for your 6-digit code' }
}

/** Three-step registration: WhatsApp number, 6-digit code, then account details. */
export function RegisterForm() {
  const [state, dispatch] = React.useReducer(registerReducer, initialRegisterState)
  const resend = useCountdown()
  const send = useApiMutation(sendOtp, {
    errorToast: (error) => ({ variant: 'destructive', title: 'Failed to send OTP', description: error.message || 'Please try again' }),
  })

  const onCodeSent = (data: SendOtpResponse, target: string) => {
    const autoFilled = typeof data.otp === 'string' && new RegExp(`^\\d{${OTP_LENGTH}}$`).test(data.otp)
    dispatch({ type: 'codeSent', phone: data.phone || target, otp: autoFilled ? data.otp! : '', at: Date.now() })
    resend.start(RESEND_WAIT_SECONDS)
    if (data.whatsappLink) window.open(data.whatsappLink, '_blank', 'noopener,noreferrer')
    toast(codeSentToast(!!data.whatsappLink, autoFilled))
  }
  const requestCode = (target: string) => send.mutate({ phone: target }, { onSuccess: (data) => onCodeSent(data, target) })
  /**
   * Send Verification Code. For a number whose code from this registration is still valid (the
   * agent pressed Change Number and came back), that code is offered again instead: the server
   * would refuse a new one for 30 s, and the old one still works.
   */
  const sendOrReturn = (target: string) => {
    const now = Date.now()
    const sent = stillValidCode(state, target, now)
    if (!sent) {
      requestCode(target)
      return
    }
    dispatch({ type: 'returnToCode', phone: target })
    resend.start(resendWaitLeft(sent, now))
    toast({ title: 'Your code is still valid', description: 'Enter the code we already sent to this number' })
  }
  const restart = () => dispatch({ type: 'restart' })

  return (
    <div className="grid gap-5" data-testid="register-form">
      <RegisterProgress step={state.step} />
      {state.step === 'phone' && (
        <RegisterPhoneStep
          value={state.phoneInput}
          onChange={(value) => dispatch({ type: 'phoneInput', value })}
          sending={send.isPending}
          onSend={sendOrReturn}
        />
      )}
      {state.step === 'otp' && (
        <RegisterOtpStep
          // A new code (resent, maybe auto-filled) starts the step afresh with it.
          key={`${state.phone} ${state.sent[state.phone]?.at ?? 0}`}
          phone={state.phone}
          otp={state.otp}
          onOtpChange={(value) => dispatch({ type: 'otpInput', value })}
          resendIn={resend.secondsLeft}
          sending={send.isPending}
          onResend={() => requestCode(state.phone)}
          onChangeNumber={restart}
          onVerified={() => dispatch({ type: 'verified' })}
        />
      )}
      {state.step === 'details' && <RegisterDetailsStep phone={state.phone} verified={state.verified} onPhoneNotVerified={restart} />}
    </div>
  )
}
