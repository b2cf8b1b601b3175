import * as React from 'react'
import { CheckCircle2, Mail, Send, XCircle } from 'lucide-react'
import { Controller, useWatch } from 'react-hook-form'
import { z } from 'zod'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Field } from '@/components/ui/field'
import { Input } from '@/components/ui/input'
import { Spinner } from '@/components/ui/spinner'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs'
import { setServerErrors, untilSettled, useZodForm } from '@/components/ui/use-zod-form'
import { previewFrameURL, useEmailPreview } from '@/features/email-test/api/get-email-preview'
import { sendTestEmail } from '@/features/email-test/api/send-test-email'
import { emailTypes, type EmailTestType } from '@/features/email-test/lib/email-types'
import type { ApiError } from '@/lib/api-client'
import { useApiMutation } from '@/lib/api-mutation'
import { useAuth } from '@/lib/auth'

type Outcome = { ok: boolean; message: string }

/** The server checks the address (a field error under it); the test template always goes to the admin's own. */
const emailTestSchema = z.object({ type: z.custom<EmailTestType>((v) => emailTypes.some((t) => t.value === v)), testEmail: z.string() })

/** /email-test (admins): pick a template, see it rendered (HTML and text) and send it through the real mail path. */
export function EmailTestPage() {
  const { user } = useAuth()
  const form = useZodForm(emailTestSchema, { type: 'match', testEmail: '' })
  const { errors, isSubmitting } = form.formState
  const type = useWatch({ control: form.control, name: 'type' })
  const [outcome, setOutcome] = React.useState<Outcome | null>(null)
  const preview = useEmailPreview(type)
  const send = useApiMutation(sendTestEmail, {
    onSuccess: (data) => setOutcome({ ok: true, message: data.message }),
    onError: (error: ApiError) => {
      setServerErrors(form, error.errors)
      setOutcome({ ok: false, message: error.message })
    },
  })
  const isTest = type === 'test'

  React.useEffect(() => {
    document.title = 'Email Template Testing · PropMatch'
  }, [])

  const submit = form.handleSubmit(({ type, testEmail }) => {
    setOutcome(null)
    return untilSettled(send.mutateAsync(type === 'test' ? { type } : { type, testEmail: testEmail.trim() }))
  })

  return (
    <div className="mx-auto grid max-w-5xl gap-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-foreground">Email Template Testing</h1>
        <p className="text-subtle-foreground">
          See the emails PropMatch sends, rendered from the real templates, and send one through the mail server.
        </p>
      </div>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[18rem_minmax(0,1fr)]">
        <Card className="self-start">
          <CardHeader>
            <CardTitle>Send a test email</CardTitle>
            <CardDescription>Through the same SMTP path as every notification.</CardDescription>
          </CardHeader>
          <CardContent>
            <form className="grid gap-4" onSubmit={submit} noValidate>
              <fieldset className="grid gap-2">
                <legend className="mb-1 text-sm font-medium text-subtle-foreground">Template</legend>
                {emailTypes.map((t) => (
                  <label
                    key={t.value}
                    htmlFor={`email-type-${t.value}`}
                    aria-label={t.label}
                    className="flex cursor-pointer items-start gap-2 rounded-md border border-border p-2 text-subtle-foreground has-[:checked]:border-primary has-[:checked]:bg-accent"
                  >
                    <input
                      id={`email-type-${t.value}`}
                      type="radio"
                      value={t.value}
                      {...form.register('type', {
                        onChange: () => {
                          setOutcome(null)
                          send.reset()
                          form.clearErrors('testEmail')
                        },
                      })}
                      className="mt-1"
                    />
                    <span className="text-sm">
                      <strong className="block font-medium text-foreground">{t.label}</strong>
                      {t.description}
                    </span>
                  </label>
                ))}
              </fieldset>
              <Controller
                control={form.control}
                name="testEmail"
                render={({ field }) => (
                  <Field
                    id="test-email"
                    label="Send to"
                    error={errors.testEmail?.message}
                    hint={isTest ? 'The test email always goes to your own address.' : undefined}
                    hintProps={{ className: 'text-subtle-foreground' }}
                  >
                    <Input
                      type="email"
                      placeholder="name@example.com"
                      {...field}
                      value={isTest ? (user?.email ?? '') : field.value}
                      disabled={isTest}
                    />
                  </Field>
                )}
              />
              <Button type="submit" disabled={isSubmitting || send.isPending}>
                {send.isPending ? <Spinner className="size-4" /> : <Send />} Send test email
              </Button>
              {outcome && (
                <div
                  role={outcome.ok ? 'status' : 'alert'}
                  data-testid="email-test-outcome"
                  className={`flex gap-2 rounded-md p-3 text-sm ${outcome.ok ? 'bg-success/10 text-success' : 'bg-destructive/10 text-destructive'}`}
                >
                  {outcome.ok ? <CheckCircle2 className="size-4 shrink-0" /> : <XCircle className="size-4 shrink-0" />}
                  <span className="wrap-anywhere">{outcome.message}</span>
                </div>
              )}
            </form>
          </CardContent>
        </Card>
        <Card className="min-w-0">
          <CardHeader>
            <CardTitle className="flex items-center gap-2">
              <Mail className="size-5" /> Preview
            </CardTitle>
            {preview.data && <CardDescription data-testid="email-preview-subject">Subject: {preview.data.subject}</CardDescription>}
          </CardHeader>
          <CardContent>
            {preview.isPending ? (
              <div className="flex justify-center py-10">
                <Spinner className="size-6" />
              </div>
            ) : preview.isError ? (
              <p role="alert" className="text-destructive">
                Failed to load the preview: {preview.error.message}
              </p>
            ) : (
              <Tabs defaultValue="html">
                <TabsList>
                  <TabsTrigger value="html">HTML</TabsTrigger>
                  <TabsTrigger value="text">Text</TabsTrigger>
                </TabsList>
                <TabsContent value="html">
                  <iframe
                    title={`${type} email preview`}
                    src={previewFrameURL(type)}
                    sandbox=""
                    className="h-[32rem] w-full rounded-md border border-border bg-card"
                  />
                </TabsContent>
                <TabsContent value="text">
                  <pre
                    data-testid="email-preview-text"
                    className="max-h-[32rem] overflow-auto rounded-md bg-muted/50 p-3 text-sm whitespace-pre-wrap"
                  >
                    {preview.data.text}
                  </pre>
                </TabsContent>
              </Tabs>
            )}
          </CardContent>
        </Card>
      </div>
    </div>
  )
}
