import * as React from 'react'
import { BadgeCheck, Clock, FileText, Loader2, XCircle } from 'lucide-react'
import { z } from 'zod'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { NativeSelect } from '@/components/ui/native-select'
import { Spinner } from '@/components/ui/spinner'
import { setServerErrors, untilSettled, useZodForm } from '@/components/ui/use-zod-form'
import { submitRera, useMyRera, type ReraRegistration, type ReraStanding } from '@/features/profile/api/rera'
import { useApiMutation } from '@/lib/api-mutation'
import { useStates } from '@/shared/locations'
import { formatValidity, reraBadgeText } from '@/shared/rera'

/** The certificate's limits; the server checks the content. */
export const CERTIFICATE_MAX_BYTES = 5 * 1024 * 1024
export const CERTIFICATE_TYPES = ['application/pdf', 'image/png', 'image/jpeg']

/** Today in India, as YYYY-MM-DD: a validity must end after it. */
function todayInIndia(now = new Date()) {
  return new Date(now.getTime() + 330 * 60_000).toISOString().slice(0, 10)
}

export const reraSchema = z.object({
  number: z.string().refine((v) => v.trim() !== '', 'Enter your RERA registration number'),
  state: z.string().refine((v) => v !== '', 'Choose the state authority that registered you'),
  validUntil: z
    .string()
    .refine((v) => /^\d{4}-\d{2}-\d{2}$/.test(v), 'Enter the last day of validity')
    .refine((v) => v > todayInIndia(), 'This registration has expired: the last day of validity must be after today'),
  certificate: z
    .instanceof(File, { message: 'Attach your RERA registration certificate' })
    .nullable()
    .refine((f) => f !== null, 'Attach your RERA registration certificate')
    .refine((f) => !f || f.size <= CERTIFICATE_MAX_BYTES, 'The certificate must be at most 5 MB')
    .refine((f) => !f || f.type === '' || CERTIFICATE_TYPES.includes(f.type), 'The certificate must be a PDF, PNG or JPEG file'),
})

function StatusLine({ r }: { r: ReraRegistration }) {
  switch (r.status) {
    case 'pending':
      return (
        <p className="flex items-center gap-2 text-sm text-foreground" data-testid="rera-status">
          <Clock className="size-4 text-warning" aria-hidden /> {r.number} ({r.state}) is waiting for an admin to check it.
        </p>
      )
    case 'rejected':
      return (
        <div className="grid gap-1 text-sm" data-testid="rera-status">
          <p className="flex items-center gap-2 text-destructive">
            <XCircle className="size-4" aria-hidden /> {r.number} ({r.state}) was not approved.
          </p>
          <p className="text-foreground">Reason: {r.reason}</p>
        </div>
      )
    case 'lapsed':
      return (
        <p className="text-sm text-foreground" data-testid="rera-status">
          {r.number} expired on {formatValidity(r.validUntil)}. Submit your renewed registration.
        </p>
      )
    default:
      return null
  }
}

/** Profile → "RERA registration": the badge with its validity, the latest submission's status, and the form to (re)submit. */
export function ReraCard() {
  const query = useMyRera()
  const [editing, setEditing] = React.useState(false)
  return (
    <Card className="min-w-0" data-testid="rera-card">
      <CardHeader>
        <CardTitle>RERA registration</CardTitle>
        <CardDescription>Admins check your registration against your state authority; the badge shows until it expires.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {query.isPending ? (
          <div className="flex justify-center py-4">
            <Spinner className="size-5" />
          </div>
        ) : query.isError ? (
          <p className="text-destructive" role="alert">
            Failed to load your RERA registration: {query.error.message}
          </p>
        ) : (
          <ReraStandingView standing={query.data} editing={editing} setEditing={setEditing} />
        )}
      </CardContent>
    </Card>
  )
}

function ReraStandingView({
  standing,
  editing,
  setEditing,
}: {
  standing: ReraStanding
  editing: boolean
  setEditing: (v: boolean) => void
}) {
  const { latest, approved } = standing
  const showForm = editing || !latest
  return (
    <>
      {standing.isReraVerified && approved && (
        <div className="grid gap-1">
          <Badge className="justify-self-start" data-testid="rera-badge">
            <BadgeCheck aria-hidden /> {reraBadgeText(standing.reraValidUntil)}
          </Badge>
          <p className="text-sm text-subtle-foreground">
            {approved.number} · {approved.state}
          </p>
        </div>
      )}
      {latest && latest.id !== approved?.id && <StatusLine r={latest} />}
      {showForm ? (
        <ReraForm latest={latest ?? null} onDone={() => setEditing(false)} onCancel={latest ? () => setEditing(false) : undefined} />
      ) : (
        <Button variant="outline" className="justify-self-start" onClick={() => setEditing(true)}>
          <FileText aria-hidden /> {latest?.status === 'approved' ? 'Renew or change registration' : 'Submit again'}
        </Button>
      )}
    </>
  )
}

function ReraForm({ latest, onDone, onCancel }: { latest: ReraRegistration | null; onDone: () => void; onCancel?: () => void }) {
  const states = useStates()
  const form = useZodForm(reraSchema, {
    number: latest?.number ?? '',
    state: latest?.state ?? '',
    validUntil: '',
    certificate: null,
  })
  const errors = form.formState.errors
  const save = useApiMutation(submitRera, {
    successToast: { variant: 'success', title: 'RERA registration submitted', description: 'An admin will check it shortly.' },
    errorToast: 'Submission failed',
    onSuccess: onDone,
    onError: (e) => setServerErrors(form, e.errors),
  })
  const onSubmit = form.handleSubmit((v) =>
    untilSettled(
      save.mutateAsync({ number: v.number.trim(), state: v.state, validUntil: v.validUntil, certificate: v.certificate as File }),
    ),
  )
  return (
    <form className="grid gap-3" onSubmit={onSubmit} noValidate aria-label="RERA registration">
      <div className="grid gap-3 sm:grid-cols-2">
        <Field id="rera-number" label="Registration number" error={errors.number?.message} hint="As on your certificate, e.g. A51700001835">
          <Input autoCapitalize="characters" maxLength={80} {...form.register('number')} />
        </Field>
        <Field id="rera-state" label="State authority" error={errors.state?.message}>
          <NativeSelect {...form.register('state')}>
            <option value="">Choose a state</option>
            {(states.data ?? []).map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field id="rera-validUntil" label="Valid until" error={errors.validUntil?.message} hint="The last day on your certificate">
          <Input type="date" {...form.register('validUntil')} />
        </Field>
        <Field id="rera-certificate" label="Certificate" error={errors.certificate?.message} hint="PDF, PNG or JPEG, at most 5 MB">
          <Input
            type="file"
            accept={CERTIFICATE_TYPES.join(',')}
            onChange={(e) => {
              form.setValue('certificate', e.target.files?.[0] ?? null, { shouldDirty: true })
              form.clearErrors('certificate')
            }}
          />
        </Field>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending && <Loader2 className="animate-spin" />}
          {save.isPending ? 'Submitting...' : 'Submit for verification'}
        </Button>
        {onCancel && (
          <Button type="button" variant="outline" onClick={onCancel} disabled={save.isPending}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  )
}
