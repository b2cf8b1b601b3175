import { MailWarning } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { resendVerification } from '@/features/profile/api/verify-email'
import { useApiMutation } from '@/lib/api-mutation'
import type { User } from '@/lib/api-schemas'

/** The profile's notice for an unverified email, with 'Resend verification email'. Nothing once verified or without an email. */
export function EmailVerificationBanner({ user }: { user: User }) {
  const resend = useApiMutation(resendVerification, {
    successToast: (data) => ({ variant: 'success', title: 'Verification email sent', description: data.message }),
    errorToast: 'Could not send the verification email',
  })
  if (!user.email || user.emailVerified) return null
  return (
    <div
      role="status"
      data-testid="email-verification-banner"
      className="grid gap-3 rounded-lg border border-warning/30 bg-warning/10 p-4 text-warning sm:flex sm:items-center"
    >
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <MailWarning className="mt-0.5 size-5 shrink-0" aria-hidden />
        <p className="min-w-0 text-sm">
          Please confirm <strong className="wrap-anywhere">{user.email}</strong>: open the link we emailed you. Until then PropMatch sends
          it no notifications.
        </p>
      </div>
      <Button variant="outline" size="sm" className="justify-self-start" onClick={() => resend.mutate()} disabled={resend.isPending}>
        Resend verification email
      </Button>
    </div>
  )
}
