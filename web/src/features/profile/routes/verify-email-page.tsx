import * as React from 'react'
import { CheckCircle2, XCircle } from 'lucide-react'
import { Link, useSearchParams } from 'react-router'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Spinner } from '@/components/ui/spinner'
import { verifyEmail } from '@/features/profile/api/verify-email'
import { useApiMutation } from '@/lib/api-mutation'
import { paths } from '@/app/paths'

/** /verify-email?token=: where the verification email's link leads; confirms the address once, signed in or not. */
export function VerifyEmailPage() {
  const [params] = useSearchParams()
  const token = params.get('token') ?? ''
  const verify = useApiMutation(verifyEmail)
  const started = React.useRef(false)

  React.useEffect(() => {
    document.title = 'Confirm your email · PropMatch'
    if (started.current) return
    started.current = true
    verify.mutate(token)
  }, [token, verify])

  return (
    <div className="flex min-h-dvh items-center justify-center bg-background p-4">
      <Card className="w-full max-w-md text-center">
        <CardHeader className="items-center">
          {verify.isSuccess ? (
            <CheckCircle2 className="size-12 text-success" aria-hidden />
          ) : verify.isError ? (
            <XCircle className="size-12 text-destructive" aria-hidden />
          ) : (
            <Spinner className="size-8" />
          )}
          <CardTitle>
            {verify.isSuccess ? 'Email confirmed' : verify.isError ? 'Could not confirm your email' : 'Confirming your email…'}
          </CardTitle>
          <CardDescription role={verify.isError ? 'alert' : 'status'}>
            {verify.isSuccess
              ? 'Your email is verified. PropMatch can now email you notifications.'
              : verify.isError
                ? verify.error.message
                : 'One moment.'}
          </CardDescription>
        </CardHeader>
        <CardContent>
          <Button asChild>
            <Link to={paths.profile.to()}>Go to my profile</Link>
          </Button>
        </CardContent>
      </Card>
    </div>
  )
}
