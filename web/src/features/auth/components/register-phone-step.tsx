import * as React from 'react'
import { Loader2, MessageCircle } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { toast } from '@/components/ui/use-toast'
import { normalizePhone, toE164Mobile } from '@/lib/phone'

type RegisterPhoneStepProps = {
  value: string
  onChange: (value: string) => void
  sending: boolean
  /** Called with the number in E.164 once it is a valid mobile number. */
  onSend: (e164: string) => void
}

/** Step 1: the WhatsApp number the code goes to. */
export function RegisterPhoneStep({ value, onChange, sending, onSend }: RegisterPhoneStepProps) {
  const [error, setError] = React.useState('')

  const onSubmit = (event: React.FormEvent) => {
    event.preventDefault()
    setError('')
    if (!value.trim()) {
      toast({ variant: 'destructive', title: 'Phone Required', description: 'Please enter your WhatsApp number' })
      return
    }
    const e164 = toE164Mobile(value)
    if (!e164) {
      setError('Enter a valid mobile number with country code, e.g. +91 98765 43210')
      return
    }
    onChange(normalizePhone(value))
    onSend(e164)
  }

  return (
    <form className="grid gap-4" noValidate onSubmit={onSubmit} data-testid="register-phone-step">
      <Field
        id="register-phone"
        label="WhatsApp Number"
        error={error}
        hint="We send a 6-digit code on WhatsApp. Include the country code; +91 is assumed for a 10-digit number."
      >
        <Input
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="+91 98765 43210"
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      </Field>
      <Button type="submit" className="w-full" disabled={sending} data-testid="send-otp">
        {sending ? <Loader2 className="animate-spin" /> : <MessageCircle />}
        {sending ? 'Sending...' : 'Send Verification Code'}
      </Button>
    </form>
  )
}
