import * as React from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { get, type DefaultValues, type FieldError, type FieldValues, type UseFormReturn } from 'react-hook-form'
import type { z } from 'zod'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card'
import { setServerErrors, untilSettled, useZodForm } from '@/components/ui/use-zod-form'
import { useApiMutation } from '@/lib/api-mutation'
import { siteKeys, type SiteContentUpdate } from '@/shared/site'
import { saveSite } from '@/features/site-admin/api/save-site'

/** The field errors of the last failed save, by path ('testimonials.0.rating'). */
export type Errors = (path: string) => string | undefined

type Props<T extends FieldValues> = {
  title: string
  description: string
  /** The part's values: one key, the part's own (its errors are under that path). */
  schema: z.ZodType<T, T>
  defaultValues: DefaultValues<NoInfer<T>>
  /** What Save sends: this part only, so a save never undoes another admin's edit of another part. */
  toUpdate: (values: T) => SiteContentUpdate
  children: (form: UseFormReturn<T>, errors: Errors) => React.ReactNode
}

/** One part of the site content: its form, Save, the toasts and the field errors under the fields. */
export function PartCard<T extends FieldValues>({ title, description, schema, defaultValues, toUpdate, children }: Props<T>) {
  const queryClient = useQueryClient()
  const form = useZodForm(schema, defaultValues)
  const save = useApiMutation(saveSite, {
    successToast: `${title} saved`,
    errorToast: `Could not save ${title.toLowerCase()}`,
    onSuccess: (page) => {
      queryClient.setQueryData(siteKeys.content(), page)
    },
    onError: (error) => setServerErrors(form, error.errors),
  })
  const formErrors = form.formState.errors
  const errors: Errors = (path) => (get(formErrors, path) as FieldError | undefined)?.message
  const partError = errors(Object.keys(defaultValues)[0] ?? '')
  const titleId = React.useId()
  return (
    <Card>
      <form noValidate onSubmit={form.handleSubmit((values) => untilSettled(save.mutateAsync(toUpdate(values))))}>
        <CardHeader>
          <CardTitle id={titleId}>{title}</CardTitle>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {children(form, errors)}
          {partError && <p className="text-sm text-destructive">{partError}</p>}
        </CardContent>
        <CardFooter className="justify-end">
          <Button type="submit" disabled={form.formState.isSubmitting || save.isPending}>
            {save.isPending ? 'Saving...' : `Save ${title.toLowerCase()}`}
          </Button>
        </CardFooter>
      </form>
    </Card>
  )
}

/** Lines of a textarea as a list (blank lines dropped). */
export function lines(text: string) {
  return text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
}
