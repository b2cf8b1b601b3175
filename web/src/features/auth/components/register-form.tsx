import * as React from 'react'
import { zodResolver } from '@hookform/resolvers/zod'
import { ArrowLeft, CheckCircle2, Loader2, MessageCircle, RotateCw } from 'lucide-react'
import { Controller, useForm } from 'react-hook-form'
import { z } from 'zod'
import { Button } from '@/components/ui/button'
import { FormMessage } from '@/components/ui/form-message'
import { Input } from '@/components/ui/input'
import { Label } from '@/components/ui/label'
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group'
import { Textarea } from '@/components/ui/textarea'
import { toast } from '@/components/ui/use-toast'
import { useSendOtp } from '@/features/auth/api/send-otp'
import { useVerifyOtp } from '@/features/auth/api/verify-otp'
import { useAuth } from '@/features/auth/components/auth-provider'
import { PASSWORD_MAX, PASSWORD_MIN } from '@/features/auth/components/forgot-password-dialog'
import { StateCityField } from '@/features/locations/components/state-city-field'
import { formatPhone, normalizePhone, toE164Mobile } from '@/lib/phone'

/** Seconds before a new code may be requested (spec section 9). */
export const RESEND_WAIT_SECONDS = 30
export const OTP_LENGTH = 6

type Step = 'phone' | 'otp' | 'details'

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

const steps: { key: Step; label: string }[] = [
  { key: 'phone', label: 'Phone' },
  { key: 'otp', label: 'Verify' },
  { key: 'details', label: 'Details' },
]

/** Three-step registration: WhatsApp number, 6-digit code, then account details. */
export function RegisterForm() {
  const [step, setStep] = React.useState<Step>('phone')
  const [phoneInput, setPhoneInput] = React.useState('')
  const [phone, setPhone] = React.useState('')
  const [phoneError, setPhoneError] = React.useState('')
  const [otp, setOtp] = React.useState('')
  const [verified, setVerified] = React.useState(false)
  const [resendAt, setResendAt] = React.useState<number | null>(null)
  const [now, setNow] = React.useState(() => Date.now())
  const resendIn = resendAt === null ? 0 : Math.max(0, Math.ceil((resendAt - now) / 1000))

  const sendOtp = useSendOtp()
  const verifyOtp = useVerifyOtp()

  // Counts down from a deadline, so a throttled background tab still ends on time.
  React.useEffect(() => {
    if (resendAt === null) return
    const timer = setInterval(() => {
      const t = Date.now()
      setNow(t)
      if (t >= resendAt) clearInterval(timer)
    }, 1000)
    return () => clearInterval(timer)
  }, [resendAt])

  const startResendTimer = () => {
    const t = Date.now()
    setNow(t)
    setResendAt(t + RESEND_WAIT_SECONDS * 1000)
  }

  const requestCode = (target: string) => {
    sendOtp.mutate(
      { phone: target },
      {
        onSuccess: (data) => {
          setPhone(data.phone || target)
          setStep('otp')
          setVerified(false)
          startResendTimer()
          const autoFilled = typeof data.otp === 'string' && /^\d{6}$/.test(data.otp)
          setOtp(autoFilled ? data.otp! : '')
          const openedWhatsApp = !!data.whatsappLink
          if (data.whatsappLink) window.open(data.whatsappLink, '_blank', 'noopener,noreferrer')
          if (openedWhatsApp && autoFilled) {
            toast({ title: 'WhatsApp Opened & OTP Auto-filled', description: 'Your verification code was filled in for you' })
          } else if (openedWhatsApp) {
            toast({ title: 'WhatsApp Opened', description: 'Check WhatsApp for your 6-digit code' })
          } else if (autoFilled) {
            toast({ title: 'OTP Auto-filled', description: 'Development mode: the code was filled in for you' })
          } else {
            toast({ title: 'Code sent', description: 'Check WhatsApp for your 6-digit code' })
          }
        },
        onError: (error) =>
          toast({ variant: 'destructive', title: 'Failed to send OTP', description: error.message || 'Please try again' }),
      },
    )
  }

  const onSendCode = (event: React.FormEvent) => {
    event.preventDefault()
    setPhoneError('')
    if (!phoneInput.trim()) {
      toast({ variant: 'destructive', title: 'Phone Required', description: 'Please enter your WhatsApp number' })
      return
    }
    const e164 = toE164Mobile(phoneInput)
    if (!e164) {
      setPhoneError('Enter a valid mobile number with country code, e.g. +91 98765 43210')
      return
    }
    setPhoneInput(normalizePhone(phoneInput))
    requestCode(e164)
  }

  const onVerify = (event: React.FormEvent) => {
    event.preventDefault()
    if (!otp) {
      toast({ variant: 'destructive', title: 'OTP Required', description: 'Please enter the verification code' })
      return
    }
    if (otp.length !== OTP_LENGTH) return
    verifyOtp.mutate(
      { phone, otp },
      {
        onSuccess: () => {
          setVerified(true)
          setStep('details')
          toast({ title: 'Phone Verified', description: 'Please complete your registration details' })
        },
        onError: (error) =>
          toast({ variant: 'destructive', title: 'Verification Failed', description: error.message || 'Invalid OTP' }),
      },
    )
  }

  const onChangeNumber = () => {
    setStep('phone')
    setOtp('')
    setResendAt(null)
    setVerified(false)
  }

  const onPhoneNotVerified = () => {
    setVerified(false)
    setOtp('')
    setResendAt(null)
    setStep('phone')
  }

  const currentIndex = steps.findIndex((s) => s.key === step)

  return (
    <div className="grid gap-5" data-testid="register-form">
      <ol className="flex items-center gap-2" aria-label="Registration progress">
        {steps.map((s, i) => (
          <li key={s.key} className="flex flex-1 items-center gap-2" aria-current={s.key === step ? 'step' : undefined}>
            <span
              className={
                i < currentIndex
                  ? 'flex size-6 items-center justify-center rounded-full bg-emerald-600 text-xs font-semibold text-white'
                  : i === currentIndex
                    ? 'flex size-6 items-center justify-center rounded-full bg-blue-600 text-xs font-semibold text-white'
                    : 'flex size-6 items-center justify-center rounded-full bg-slate-200 text-xs font-semibold text-slate-600'
              }
            >
              {i + 1}
            </span>
            <span className={i === currentIndex ? 'text-sm font-medium text-slate-900' : 'text-sm text-slate-500'}>{s.label}</span>
            {i < steps.length - 1 && <span className="h-px flex-1 bg-slate-200" aria-hidden />}
          </li>
        ))}
      </ol>

      {step === 'phone' && (
        <form className="grid gap-4" noValidate onSubmit={onSendCode} data-testid="register-phone-step">
          <div className="grid gap-2">
            <Label htmlFor="register-phone">WhatsApp Number</Label>
            <Input
              id="register-phone"
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              placeholder="+91 98765 43210"
              value={phoneInput}
              aria-invalid={!!phoneError}
              aria-describedby="register-phone-hint"
              onChange={(e) => setPhoneInput(e.target.value)}
            />
            <p id="register-phone-hint" className="text-xs text-slate-500">
              We send a 6-digit code on WhatsApp. Include the country code; +91 is assumed for a 10-digit number.
            </p>
            <FormMessage>{phoneError}</FormMessage>
          </div>
          <Button type="submit" className="w-full" disabled={sendOtp.isPending} data-testid="send-otp">
            {sendOtp.isPending ? <Loader2 className="animate-spin" /> : <MessageCircle />}
            {sendOtp.isPending ? 'Sending...' : 'Send Verification Code'}
          </Button>
        </form>
      )}

      {step === 'otp' && (
        <form className="grid gap-4" noValidate onSubmit={onVerify} data-testid="register-otp-step">
          <p className="text-sm text-slate-600">
            Enter the code sent to <span className="font-medium text-slate-900">{formatPhone(phone)}</span>.
          </p>
          <div className="grid gap-2">
            <Label htmlFor="register-otp">Verification Code</Label>
            <Input
              id="register-otp"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={OTP_LENGTH}
              placeholder="6-digit code"
              className="text-center text-lg tracking-[0.5em]"
              value={otp}
              onChange={(e) => setOtp(e.target.value.replace(/\D/g, '').slice(0, OTP_LENGTH))}
            />
          </div>
          <Button
            type="submit"
            className="w-full"
            disabled={otp.length !== OTP_LENGTH || verifyOtp.isPending}
            data-testid="verify-otp"
          >
            {verifyOtp.isPending && <Loader2 className="animate-spin" />}
            {verifyOtp.isPending ? 'Verifying...' : 'Verify'}
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
              <Button variant="outline" size="sm" disabled={sendOtp.isPending} onClick={() => requestCode(phone)}>
                <RotateCw /> Resend Code
              </Button>
            )}
          </div>
        </form>
      )}

      {step === 'details' && <DetailsStep phone={phone} verified={verified} onPhoneNotVerified={onPhoneNotVerified} />}
    </div>
  )
}

function DetailsStep({
  phone,
  verified,
  onPhoneNotVerified,
}: {
  phone: string
  verified: boolean
  onPhoneNotVerified: () => void
}) {
  const { registerMutation } = useAuth()
  const form = useForm<DetailsValues>({
    resolver: zodResolver(detailsSchema),
    defaultValues: {
      fullName: '',
      username: '',
      password: '',
      email: '',
      state: '',
      city: '',
      agentType: 'both',
      reraNumber: '',
      bio: '',
    },
  })
  const { errors } = form.formState

  const onSubmit = form.handleSubmit((values) => {
    if (!verified) {
      toast({ variant: 'destructive', title: 'Phone Not Verified', description: 'Please verify your phone number first' })
      onPhoneNotVerified()
      return
    }
    registerMutation.mutate(
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
        onError: (error) => {
          if (error.status === 403) {
            toast({ variant: 'destructive', title: 'Phone Not Verified', description: 'Please verify your phone number first' })
            onPhoneNotVerified()
            return
          }
          error.errors?.forEach((fieldError) => {
            if (fieldError.path in values) {
              form.setError(fieldError.path as keyof DetailsValues, { message: fieldError.message })
            }
          })
        },
      },
    )
  })

  return (
    <form className="grid gap-4" noValidate onSubmit={onSubmit} data-testid="register-details-step">
      <p className="flex items-center gap-2 rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-800">
        <CheckCircle2 className="size-4" /> {formatPhone(phone)} verified
      </p>
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <div className="grid gap-2">
          <Label htmlFor="register-full-name">Full Name</Label>
          <Input id="register-full-name" autoComplete="name" aria-invalid={!!errors.fullName} {...form.register('fullName')} />
          <FormMessage>{errors.fullName?.message}</FormMessage>
        </div>
        <div className="grid gap-2">
          <Label htmlFor="register-username">Username</Label>
          <Input id="register-username" autoComplete="username" aria-invalid={!!errors.username} {...form.register('username')} />
          <FormMessage>{errors.username?.message}</FormMessage>
        </div>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="register-password">Password</Label>
        <Input
          id="register-password"
          type="password"
          autoComplete="new-password"
          aria-invalid={!!errors.password}
          aria-describedby="register-password-hint"
          {...form.register('password')}
        />
        <p id="register-password-hint" className="text-xs text-slate-500">
          Minimum 8 characters
        </p>
        <FormMessage>{errors.password?.message}</FormMessage>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="register-email">Email (optional)</Label>
        <Input id="register-email" type="email" autoComplete="email" aria-invalid={!!errors.email} {...form.register('email')} />
        <FormMessage>{errors.email?.message}</FormMessage>
      </div>
      <StateCityField control={form.control} stateName="state" cityName="city" idPrefix="register" />
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium text-slate-800">Agent Type</legend>
        <Controller
          control={form.control}
          name="agentType"
          render={({ field }) => (
            <RadioGroup value={field.value} onValueChange={field.onChange} className="grid-cols-1" aria-label="Agent Type">
              {agentTypes.map((type) => (
                <label
                  key={type.value}
                  htmlFor={`agent-type-${type.value}`}
                  className="flex cursor-pointer items-start gap-2 rounded-md border border-slate-200 p-3 has-[[data-state=checked]]:border-blue-500 has-[[data-state=checked]]:bg-blue-50"
                >
                  <RadioGroupItem id={`agent-type-${type.value}`} value={type.value} className="mt-0.5" />
                  <span className="grid gap-0.5">
                    <span className="text-sm font-medium">{type.label}</span>
                    <span className="text-xs text-slate-500">{type.hint}</span>
                  </span>
                </label>
              ))}
            </RadioGroup>
          )}
        />
        <FormMessage>{errors.agentType?.message}</FormMessage>
      </fieldset>
      <div className="grid gap-2">
        <Label htmlFor="register-rera">RERA Number (optional)</Label>
        <Input id="register-rera" aria-invalid={!!errors.reraNumber} {...form.register('reraNumber')} />
        <FormMessage>{errors.reraNumber?.message}</FormMessage>
      </div>
      <div className="grid gap-2">
        <Label htmlFor="register-bio">Bio (optional)</Label>
        <Textarea
          id="register-bio"
          rows={3}
          placeholder="Your areas, specialities and experience"
          aria-invalid={!!errors.bio}
          {...form.register('bio')}
        />
        <FormMessage>{errors.bio?.message}</FormMessage>
      </div>
      <Button type="submit" className="w-full" disabled={registerMutation.isPending} data-testid="register-submit">
        {registerMutation.isPending && <Loader2 className="animate-spin" />}
        {registerMutation.isPending ? 'Creating account...' : 'Create Account'}
      </Button>
    </form>
  )
}
