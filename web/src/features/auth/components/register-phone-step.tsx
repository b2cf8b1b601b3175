import type * as React from 'react'
import { Loader2, MessageCircle } from 'lucide-react'
import { z } from 'zod'
import { Button } from '@/components/ui/button'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { useZodForm } from '@/components/ui/use-zod-form'
import { toast } from '@/components/ui/use-toast'
import { normalizePhone, toE164Mobile } from '@/lib/phone'

/** An empty number is not a field error: Send asks for one in a toast. */
const phoneSchema = z.object({
  phone: z
    .string()
    .refine((v) => !v.trim() || toE164Mobile(v) !== null, 'Enter a valid mobile number with country code, e.g. +91 98765 43210'),
})

type RegisterPhoneStepProps = {
  /** The number as typed so far (kept by the registration when the agent comes back to change it). */
  value: string
  onChange: (value: string) => void
  sending: boolean
  /** Called with the number in E.164 once it is a valid mobile number. */
  onSend: (e164: string) => void
}

/** Step 1: the WhatsApp number the code goes to. */
export function RegisterPhoneStep({ value, onChange, sending, onSend }: RegisterPhoneStepProps) {
  const form = useZodForm(phoneSchema, { phone: value })
  const { errors, isSubmitting } = form.formState

  const onSubmit = form.handleSubmit(({ phone }) => {
    if (!phone.trim()) {
      toast({ variant: 'destructive', title: 'Phone Required', description: 'Please enter your WhatsApp number' })
      return
    }
    const e164 = toE164Mobile(phone)
    if (!e164) return // the schema refused it
    const normalized = normalizePhone(phone)
    form.setValue('phone', normalized)
    onChange(normalized)
    onSend(e164)
  })

  return (
    <form className="grid gap-4" noValidate onSubmit={onSubmit} data-testid="register-phone-step">
      <Field
        id="register-phone"
        label="WhatsApp Number"
        error={errors.phone?.message}
        hint="We send a 6-digit code on WhatsApp. Include the country code; +91 is assumed for a 10-digit number."
      >
        <Input
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="+91 98765 43210"
          {...form.register('phone', { onChange: (e: React.ChangeEvent<HTMLInputElement>) => onChange(e.target.value) })}
        />
      </Field>
      <Button type="submit" className="w-full" disabled={sending || isSubmitting} data-testid="send-otp">
        {sending ? <Loader2 className="animate-spin" /> : <MessageCircle />}
        {sending ? 'Sending...' : 'Send Verification Code'}
      </Button>
    </form>
  )
}
